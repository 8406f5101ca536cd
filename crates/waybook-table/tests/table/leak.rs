//! The table keeps the GM's secrets (issue 39): the handouts' markers are
//! planted in every text of a campaign of two parties, the table serves
//! every player's page and each party's table screen, and every byte a
//! link's holder can get (its page, its revision, the script and styles,
//! a 404 near its token, every header) is read: no marker its reader may
//! not see is there, and every marker shared with a player is on their
//! page. Among them, texts of the Lantern Company named to Rin, who plays
//! only on the Solo Road: Waybook says why Rin would never see a member's
//! notes or a journey's plan so shared (issue 51). Each party's table
//! screen has the weather on its Today card, as its players' pages do.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::time::Duration;
use waybook_core::exchange::players_view::Audience;
use waybook_table::links::{self, Target};
use waybook_table::pages::Pages;
use waybook_table::server::Table;
use waybook_testkit::secrets::{Rule, Who, planted};

/// Every byte of the answer to `GET path` (and to `HEAD path`).
fn everything(table: &Table, path: &str) -> String {
    let mut all = String::new();
    for method in ["GET", "HEAD"] {
        let mut s = TcpStream::connect(table.address()).expect("connects");
        let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
        let request = format!("{method} {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        s.write_all(request.as_bytes()).expect("sent");
        let mut bytes = Vec::new();
        let _ = s.read_to_end(&mut bytes);
        all.push_str(&String::from_utf8_lossy(&bytes));
    }
    all
}

#[test]
fn no_page_served_shows_a_secret_and_every_shared_text_is_on_its_players_page() {
    let (_dir, data, plant) = planted();
    let kept: BTreeMap<String, String> = links::targets(&data)
        .into_iter()
        .map(|(target, _)| (target.key(), links::new_token().expect("a token")))
        .collect();
    let links = links::links(&data, &kept);
    assert_eq!(links.len(), 8, "five players and three parties");
    let table = Table::open(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0)).expect("open");
    table.publish(Pages::build(&data, &links, 1));
    let (mut leaked, mut missing) = (Vec::new(), Vec::new());
    let mut today = BTreeMap::new();
    for link in &links {
        let audience = match link.target {
            Target::Player(p) => Audience::of(&data, p),
            Target::Party(p) => Audience::party(&data, p),
        }
        .expect("an audience");
        let who = Who::of(&data, &audience);
        let page = link.path().expect("open");
        let mut near = page.clone();
        near.push('0');
        let card = today_card(&everything(&table, &page));
        // Issue 53: "the live table ... use each party's own date".
        let date = data.settings.when(who.present);
        assert!(
            card.first().is_some_and(|l| l.starts_with(&date)),
            "{}'s page is dated {date}: {card:?}",
            link.name
        );
        today.insert(link.name.clone(), card);
        let served = [
            everything(&table, &page),
            everything(&table, &format!("{page}/revision")),
            everything(&table, &near),
            everything(&table, "/static/live.js"),
            everything(&table, "/static/page.css"),
        ]
        .concat();
        assert!(served.contains("HTTP/1.1 200"), "{}'s page", link.name);
        let title = match link.target {
            Target::Player(_) => format!("{}'s handout", link.name),
            Target::Party(_) => format!("{} at the table", link.name),
        };
        assert!(served.contains(&title), "{title}");
        for (marker, rule) in &plant.markers {
            match (rule.may(&who), served.contains(marker.as_str())) {
                (false, true) => leaked.push(format!("{}: {marker} ({rule:?})", link.name)),
                // A table screen need not show a player's shared texts.
                (true, false) if matches!(link.target, Target::Player(_)) => {
                    missing.push(format!("{}: {marker} ({rule:?})", link.name));
                }
                _ => {}
            }
        }
    }
    assert_eq!(leaked, Vec::<String>::new(), "secrets served");
    assert_eq!(
        today["The Solo Road"], today["Rin"],
        "the Solo Road's weather"
    );
    for party in ["The Lantern Company", "The Solo Road"] {
        assert!(
            today[party].len() > 1,
            "{party}'s Today card has the weather: {:?}",
            today[party]
        );
    }
    named_outside_is_said(&data);
    assert_eq!(missing, Vec::<String>::new(), "shared texts missing");
    let shared = plant
        .markers
        .iter()
        .filter(|(_, r)| *r != Rule::Nobody)
        .count();
    assert!(shared > 40, "{shared} shared markers planted");
}

/// The lines of a page's Today card.
fn today_card(page: &str) -> Vec<String> {
    let start = page.find("<h2>Today</h2>").expect("a Today card");
    let card = &page[start..];
    let card = &card[..card.find("</div>").expect("its end")];
    card.split("<p>")
        .skip(1)
        .filter_map(|l| l.split("</p>").next())
        .map(str::to_owned)
        .collect()
}

/// Every member's notes and journey plan of a party named to a player of
/// another party: Waybook says why that player would never see it.
fn named_outside_is_said(data: &waybook_core::model::CampaignData) {
    use waybook_core::exchange::players_view::named_outside;
    use waybook_core::model::Visibility;
    let texts = (data.characters.values())
        .map(|c| (&c.notes_shown, c.party.into_iter().collect::<Vec<_>>()))
        .chain((data.journeys.values()).map(|j| (&j.plan.shown, vec![j.party])));
    let mut said = 0;
    for (shown, owners) in texts {
        let Visibility::Players(ids) = shown else {
            continue;
        };
        let theirs = waybook_core::exchange::players_view::players_of(data, &owners);
        for id in ids.iter().filter(|id| !theirs.contains(id)) {
            let why = named_outside(data, *id, &owners).expect("said");
            assert!(why.contains("plays in no party it belongs to"), "{why}");
            said += 1;
        }
        for id in ids.iter().filter(|id| theirs.contains(id)) {
            assert_eq!(named_outside(data, *id, &owners), None);
        }
    }
    assert!(said > 0, "shares with a player of another party planted");
}
