//! The terminal a Windows GM started `waybook` from. waybook.exe is a
//! windows-subsystem program, so Explorer and the Start menu open it with
//! no console window behind it; but such a program starts with no standard
//! handles, and the command line (`waybook check`, `waybook rules`...)
//! would print nothing. [`attach_parent`] asks for the console of the
//! process that started this one when an output handle is missing: from a
//! terminal it is given, from Explorer there is none and nothing happens.
//! Output that is piped or redirected already has its handle and keeps it.
//! main.rs asks only when it has something to print, so the window is not
//! tied to the terminal. On other systems there is nothing to do.

/// Gives the command line its terminal back (Windows only).
#[cfg(windows)]
#[allow(unsafe_code)] // the project's one unsafe block: two Win32 calls
pub fn attach_parent() {
    use windows_sys::Win32::System::Console::{
        ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_ERROR_HANDLE, STD_OUTPUT_HANDLE,
    };
    // SAFETY: neither call takes a pointer or hands out memory the program
    // owns; a failure (no parent console) leaves the process as it was.
    unsafe {
        if GetStdHandle(STD_OUTPUT_HANDLE).is_null() || GetStdHandle(STD_ERROR_HANDLE).is_null() {
            AttachConsole(ATTACH_PARENT_PROCESS);
        }
    }
}

/// Nothing to do: the standard handles are the terminal's.
#[cfg(not(windows))]
pub fn attach_parent() {}
