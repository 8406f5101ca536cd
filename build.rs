//! Gives waybook.exe its icon and version when it is built for Windows:
//! `packaging/windows/waybook.rc`, compiled by the resource compiler
//! (MinGW's windres here) and linked into the binary. For other targets
//! embed_resource does nothing; for Windows a missing compiler fails the
//! build rather than make an exe without its icon.

fn main() {
    println!("cargo::rerun-if-changed=packaging/windows/waybook.rc");
    println!("cargo::rerun-if-changed=packaging/windows/waybook.ico");
    let part = |name: &str| std::env::var(name).unwrap_or_else(|_| "0".into());
    let macros = [
        format!("WAYBOOK_MAJOR={}", part("CARGO_PKG_VERSION_MAJOR")),
        format!("WAYBOOK_MINOR={}", part("CARGO_PKG_VERSION_MINOR")),
        format!("WAYBOOK_PATCH={}", part("CARGO_PKG_VERSION_PATCH")),
    ];
    if let Err(failure) =
        embed_resource::compile_for("packaging/windows/waybook.rc", ["waybook"], &macros)
            .manifest_required()
    {
        panic!("waybook.exe's resources did not compile: {failure}");
    }
}
