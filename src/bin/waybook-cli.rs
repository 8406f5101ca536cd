//! `waybook-cli`: the same Waybook as `waybook` (src/program.rs), built as
//! a console program. On Windows, cmd and PowerShell wait for a console
//! program and show its output before their next prompt, where they give
//! the prompt back at once to the windowed waybook.exe: scripts run this
//! one. It has its terminal already, so it has nothing to attach, and it
//! says a window that cannot open there alone (a box would hold a script
//! up). On other systems `waybook` is a console program itself, and this
//! one is built but not shipped.

#[global_allocator]
static ALLOCATOR: waybook_app::allocator::Allocator = waybook_app::allocator::Allocator;

fn main() -> std::process::ExitCode {
    waybook::program::main(waybook::program::Face {
        attach_parent: || {},
        tells_in_a_box: false,
    })
}
