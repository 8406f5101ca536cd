//! The demo's campaign with the table open on loopback: what the table's
//! tests, its resource test and its load bench all start from (the last
//! two include this file by its path, being binaries of their own).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use waybook_core::store::Campaign;
use waybook_table::links::{self, Link};
use waybook_table::pages::Pages;
use waybook_table::server::Table;

/// The demo's file, its campaign open, the table open on loopback.
pub struct Open {
    pub _dir: tempfile::TempDir,
    pub campaign: Campaign,
    pub data: waybook_core::model::CampaignData,
    pub links: Vec<Link>,
    pub table: Table,
}

/// The demo's table open with its pages (revision 1).
pub fn open() -> Open {
    let o = unpublished();
    o.table.publish(Pages::build(&o.data, &o.links, 1));
    o
}

/// The demo's table open, its first pages not built yet.
pub fn unpublished() -> Open {
    let dir = tempfile::tempdir().expect("dir");
    let mut campaign =
        waybook_core::demo::create_demo(&dir.path().join("d.waybook")).expect("the demo");
    let data = campaign.load().expect("loads");
    let links = links::open(&mut campaign, &data).expect("links");
    let table = Table::open(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0)).expect("open");
    Open {
        _dir: dir,
        campaign,
        data,
        links,
        table,
    }
}
