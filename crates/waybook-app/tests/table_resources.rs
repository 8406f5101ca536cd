//! The window's table holds as `waybook serve`'s does (issue 51): the app
//! runs in a child process of its own whose open-file limit is 256 (all
//! but 100 of its files held), the GM opens the table from the File menu,
//! and the resource test's attack (`hostile`: 1,000 idle connections, 50
//! slow senders, 200 oversized heads, from loopback) leaves Maya's page
//! answering 200, the window's table open and its status bar saying so,
//! and the app's memory grown by less than the bound. A test binary of
//! its own with its own main, so the child's limit touches no other test.

#[path = "common/mod.rs"]
mod common;

#[cfg(target_os = "linux")]
fn main() {
    use waybook_testkit::hostile;
    hostile::parent_or_child(
        || {
            hostile::survives();
            println!("table_resources: ok");
        },
        child,
    );
}

/// The child: the demo open in the app, the table opened from the File
/// menu and its first pages built, then all but 100 files held. Its
/// status: "open" and what the table holds while the app's table is open,
/// its server has not stopped and the status bar says it is open.
#[cfg(target_os = "linux")]
fn child() {
    use std::time::{Duration, Instant};
    use waybook_testkit::hostile;
    hostile::limit_open_files(hostile::OPEN_FILES);
    let mut f = common::gui::Fixture::demo();
    f.menu("File", "Open the table…");
    let started = Instant::now();
    let (address, path) = loop {
        f.harness.run();
        let state = f
            .harness
            .state()
            .app
            .table
            .as_ref()
            .expect("the table opens");
        if state.table.revision() > 0 {
            let link = (state.links.iter())
                .find(|l| l.name == "Maya")
                .and_then(|l| l.path())
                .expect("Maya's link");
            break (state.table.address(), link);
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the first pages"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let _held = hostile::hold_files_but(100);
    hostile::serve_child(address, &path, || {
        f.harness.run();
        let said = f.shows("The table is open");
        match f.harness.state().app.table.as_ref() {
            Some(state) if said && state.table.closed().is_none() => {
                format!("open {:?}", state.table.holding())
            }
            Some(state) => format!(
                "closed: {:?} (the status bar says so: {said})",
                state.table.closed()
            ),
            None => "closed: the window's table is gone".to_owned(),
        }
    });
}

#[cfg(not(target_os = "linux"))]
fn main() {
    println!("table_resources: Linux only (the child's memory is read from /proc)");
}
