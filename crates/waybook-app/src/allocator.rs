//! The allocator Waybook's programs run on, named once here for the
//! program and the benchmarks that measure it: on Linux mimalloc, as
//! glibc's allocator grows each thread's heap 128 KB at a time, each step
//! a system call that stalls every other thread's page faults (reading a
//! ten-year log on two workers took 0.56 s on it, 0.37 s on mimalloc:
//! `cargo bench --bench decade`); elsewhere the system's own.
//!
//! A program names it with
//! `#[global_allocator] static ALLOCATOR: Allocator = Allocator;`.

#[cfg(target_os = "linux")]
pub use mimalloc::MiMalloc as Allocator;
#[cfg(not(target_os = "linux"))]
pub use std::alloc::System as Allocator;
