//! Work the GM does not wait for (reading the log, the integrity check of
//! the file, writing edits behind the frames, the table following the
//! file and serving the phones) gives way to the GM's thread: on two
//! cores, the ten-year campaign's first frame took 81 to 96 ms beside the
//! log's three workers at the GM's priority, 56 to 67 ms with them at nice
//! 10. Linux keeps a nice value per thread, so such a worker lowers its
//! own, and the threads it starts inherit it.

/// The nice value of a background worker: the GM's thread (nice 0)
/// weighs about ten times as much on a shared core.
#[cfg(target_os = "linux")]
const NICE: i32 = 10;

/// Lowers the calling thread's priority, and that of the threads it
/// starts from now on. Elsewhere, or refused, the worker runs as it was,
/// which is only slower for the GM's thread.
pub fn give_way() {
    // `None`: the calling thread, as Linux reads `PRIO_PROCESS` with 0.
    // Refused, it runs at the GM's priority.
    #[cfg(target_os = "linux")]
    rustix::process::setpriority_process(None, NICE).ok();
}
