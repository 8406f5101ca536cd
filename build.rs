//! Gives waybook.exe and waybook-cli.exe their icon and version when they
//! are built for Windows: `packaging/windows/waybook.rc` and
//! `waybook-cli.rc` (the same under the console program's name), compiled
//! by the resource compiler (MinGW's windres here) and linked into each. For other targets
//! embed_resource does nothing; for Windows a missing compiler fails the
//! build rather than make an exe without its icon.

fn main() {
    println!("cargo::rerun-if-changed=packaging/windows/waybook.rc");
    println!("cargo::rerun-if-changed=packaging/windows/waybook-cli.rc");
    println!("cargo::rerun-if-changed=packaging/windows/waybook.ico");
    let part = |name: &str| std::env::var(name).unwrap_or_else(|_| "0".into());
    let macros = [
        format!("WAYBOOK_MAJOR={}", part("CARGO_PKG_VERSION_MAJOR")),
        format!("WAYBOOK_MINOR={}", part("CARGO_PKG_VERSION_MINOR")),
        format!("WAYBOOK_PATCH={}", part("CARGO_PKG_VERSION_PATCH")),
    ];
    for program in ["waybook", "waybook-cli"] {
        let resources = format!("packaging/windows/{program}.rc");
        if let Err(failure) =
            embed_resource::compile_for(&resources, [program], &macros).manifest_required()
        {
            panic!("{program}.exe's resources did not compile: {failure}");
        }
    }
}
