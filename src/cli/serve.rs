//! `waybook serve FILE [--bind ADDR:PORT]`: the table without the window,
//! for a GM who keeps the campaign on another machine. It prints each
//! player's and party's link, follows the changes any program writes to
//! the file (the window, the command line), prints each link renewed,
//! closed or new as it sees it, and stops on Ctrl+C, or when its server
//! stops on its own ("The table closed: …").
//!
//! `waybook serve FILE --renew NAME` and `--close NAME` change one link in
//! the file and end: they print what they did and the new link, in full
//! where the table last opened for this file (kept among the campaign's
//! notes when `serve` opens it); a table serving the file meanwhile
//! follows the change at once.

use std::collections::BTreeMap;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use waybook_core::store::Campaign;
use waybook_table::follow::follow;
use waybook_table::links::{self, Link, Target};
use waybook_table::server::{Table, local_address};

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    pub file: PathBuf,
    /// The address and port to answer on (default: this machine's address
    /// on the local network, a port found free).
    #[arg(long)]
    pub bind: Option<SocketAddr>,
    /// Give NAME (a player or a party) a new link, the old one stopped at
    /// once; prints the new link and ends.
    #[arg(long, value_name = "NAME", conflicts_with = "close")]
    pub renew: Option<String>,
    /// Close NAME's link until it is renewed; ends.
    #[arg(long, value_name = "NAME")]
    pub close: Option<String>,
}

/// The note where `serve` keeps the start of its links ("http://…:port").
const OPEN_AT: &str = "table-open-at";

pub fn serve(args: &ServeArgs, out: &mut impl Write) -> anyhow::Result<()> {
    // The table writes its links into the file, but never upgrades an
    // older one: that keeps a copy first (`waybook upgrade`), as the
    // refusal says.
    drop(Campaign::open_read_only(&args.file)?);
    let mut campaign = Campaign::open(&args.file)?;
    match (&args.renew, &args.close) {
        (Some(name), _) => return change(&mut campaign, name, true, out),
        (_, Some(name)) => return change(&mut campaign, name, false, out),
        (None, None) => {}
    }
    let data = campaign.load()?;
    let links = links::open(&mut campaign, &data)?;
    let bind = args
        .bind
        .unwrap_or_else(|| SocketAddr::new(local_address(), 0));
    let table = Table::open(bind)?;
    campaign.keep(OPEN_AT, &table.url(""))?;
    writeln!(
        out,
        "The table is open on {} (plain HTTP on the local network: a link lets whoever holds it read that player's view). Ctrl+C closes it.",
        table.address()
    )?;
    for link in &links {
        let at = url(link, &table.url("")).unwrap_or_else(|| "closed".to_owned());
        writeln!(out, "{}: {at}", whose(link))?;
    }
    out.flush()?;
    following(campaign, &table, links, out)
}

/// Whose `link` is, in a line: "Maya", "The Lantern Company (table
/// screen)".
fn whose(link: &Link) -> String {
    match link.target {
        Target::Player(_) => link.name.clone(),
        Target::Party(_) => format!("{} (table screen)", link.name),
    }
}

/// What `link` is, in a sentence's subject: "Maya's link", "The Lantern
/// Company's table screen".
fn owned(link: &Link) -> String {
    match link.target {
        Target::Player(_) => format!("{}'s link", link.name),
        Target::Party(_) => format!("{}'s table screen", link.name),
    }
}

/// `link` in full, from `at` (the table's "http://…:port").
fn url(link: &Link, at: &str) -> Option<String> {
    link.path().map(|path| format!("{at}{path}"))
}

/// Follows the campaign for `table` until it closes (a worker of its
/// own), printing each link that changes as it is served.
fn following(
    campaign: Campaign,
    table: &Table,
    mut links: Vec<Link>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let publisher = table.publisher();
    let worker = std::thread::spawn(move || follow(&campaign, &publisher, None));
    let at = table.url("");
    let publisher = table.publisher();
    while !worker.is_finished() {
        std::thread::sleep(Duration::from_millis(100));
        let served = &publisher.pages().links;
        if served.is_empty() {
            continue;
        }
        let now: BTreeMap<Target, &Link> = served.iter().map(|l| (l.target, l)).collect();
        for link in &links {
            match now.get(&link.target) {
                Some(new) if new.token != link.token => {
                    let to = url(new, &at).unwrap_or_default();
                    writeln!(out, "{} is renewed: {to}", owned(new))?;
                }
                None if link.token.is_some() => writeln!(out, "{} is closed", owned(link))?,
                _ => {}
            }
        }
        for new in served
            .iter()
            .filter(|l| !links.iter().any(|o| o.target == l.target))
        {
            let to = url(new, &at).unwrap_or_default();
            writeln!(out, "{} (new): {to}", whose(new))?;
        }
        out.flush()?;
        links = (links.iter())
            .map(|l| {
                now.get(&l.target)
                    .map_or_else(|| closed(l), |n| (*n).clone())
            })
            .chain(
                (served.iter())
                    .filter(|l| !links.iter().any(|o| o.target == l.target))
                    .cloned(),
            )
            .collect();
    }
    match worker.join() {
        Ok(followed) => Ok(followed?),
        Err(_) => anyhow::bail!("The table closed: its worker stopped"),
    }
}

/// `link`, closed.
fn closed(link: &Link) -> Link {
    Link {
        token: None,
        ..link.clone()
    }
}

/// Renews (`renew`) or closes the link of the player or party `name`,
/// then says what it did and the new link.
fn change(
    campaign: &mut Campaign,
    name: &str,
    renew: bool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let data = campaign.load()?;
    let kept = campaign.kept()?;
    let all = links::links(&data, &kept);
    let named: Vec<&Link> = all
        .iter()
        .filter(|l| l.name.eq_ignore_ascii_case(name))
        .collect();
    let link = match named.as_slice() {
        [one] => *one,
        [] => {
            let names: Vec<&str> = all.iter().map(|l| l.name.as_str()).collect();
            anyhow::bail!(
                "no player or party is named {name:?}; the table's links are {}",
                names.join(", ")
            )
        }
        _ => anyhow::bail!("both a player and a party are named {name:?}: rename one first"),
    };
    let at = kept.get(OPEN_AT).map_or("", String::as_str);
    if renew {
        links::renew(campaign, link.target)?;
    } else {
        links::close(campaign, link.target)?;
    }
    let now = links::links(&data, &campaign.kept()?);
    let new = (now.iter())
        .find(|l| l.target == link.target)
        .unwrap_or(link);
    if !renew {
        writeln!(
            out,
            "Closed {}: it shows nothing until it is renewed (waybook serve FILE --renew {:?}).",
            owned(new),
            new.name
        )?;
        return Ok(());
    }
    writeln!(out, "Renewed {}: the old link stopped at once.", owned(new))?;
    match (at, url(new, at)) {
        ("", Some(path)) => writeln!(
            out,
            "The new one: {path} (the table prints it whole when it opens)"
        )?,
        (_, Some(whole)) => writeln!(out, "The new one: {whole}")?,
        (_, None) => {}
    }
    Ok(())
}
