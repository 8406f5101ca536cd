//! The `waybook` program (src/program.rs does the work). On Windows it is a
//! windowed program (no console window behind it) that takes back the
//! terminal it was started from whenever it has something to print there;
//! the window alone stays free of it (a Ctrl+C in that terminal does not
//! close the window); a window that cannot open is said in a message box
//! there too. Its console twin is src/bin/waybook-cli.rs.
#![cfg_attr(windows, windows_subsystem = "windows")]

mod console;

#[global_allocator]
static ALLOCATOR: waybook_app::allocator::Allocator = waybook_app::allocator::Allocator;

fn main() -> std::process::ExitCode {
    waybook::program::main(waybook::program::Face {
        attach_parent: console::attach_parent,
        tells_in_a_box: cfg!(windows),
    })
}
