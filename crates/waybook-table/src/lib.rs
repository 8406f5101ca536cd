//! Waybook at the table: each player follows their view of the campaign
//! (the one the handouts print, `exchange::players_view`) on their own
//! phone, live, over the local network; a party's table screen shows what
//! is shared with the party. `links` keeps the secret link of each player
//! and party, `pages` builds what each link shows, `follow` builds the
//! followed ones again from the campaign's file whenever a change touches
//! them (`touched`, on a worker), `server` answers the phones.

pub mod follow;
pub mod links;
pub mod pages;
pub mod server;
pub mod touched;
