//! `waybook serve FILE [--bind ADDR:PORT]`: the table without the window,
//! for a GM who keeps the campaign on another machine. It prints each
//! player's and party's link, follows the changes any program writes to
//! the file (the window, the command line) and stops on Ctrl+C.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use waybook_core::store::Campaign;
use waybook_table::follow::follow;
use waybook_table::links::{self, Target};
use waybook_table::server::{Table, local_address};

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    pub file: PathBuf,
    /// The address and port to answer on (default: this machine's address
    /// on the local network, a port found free).
    #[arg(long)]
    pub bind: Option<SocketAddr>,
}

pub fn serve(args: &ServeArgs, out: &mut impl Write) -> anyhow::Result<()> {
    // The table writes its links into the file, but never upgrades an
    // older one: that keeps a copy first (`waybook upgrade`), as the
    // refusal says.
    drop(Campaign::open_read_only(&args.file)?);
    let mut campaign = Campaign::open(&args.file)?;
    let data = campaign.load()?;
    let links = links::open(&mut campaign, &data)?;
    let bind = args
        .bind
        .unwrap_or_else(|| SocketAddr::new(local_address(), 0));
    let table = Table::open(bind)?;
    writeln!(
        out,
        "The table is open on {} (plain HTTP on the local network: a link lets whoever holds it read that player's view). Ctrl+C closes it.",
        table.address()
    )?;
    for link in &links {
        let whose = match link.target {
            Target::Player(_) => format!("{}:", link.name),
            Target::Party(_) => format!("{} (table screen):", link.name),
        };
        match link.path() {
            Some(path) => writeln!(out, "{whose} {}", table.url(&path))?,
            None => writeln!(out, "{whose} closed")?,
        }
    }
    out.flush()?;
    // The file is looked at every 100 ms until Ctrl+C; a table whose
    // server stops on its own wakes the worker, and the GM is told at once.
    follow(&campaign, &table.publisher())?;
    Ok(())
}
