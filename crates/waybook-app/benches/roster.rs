//! Roster at scale: loading a 10,000-character campaign from its file, and
//! the filter + sort the roster table runs when either changes.
//! Run: `cargo bench --bench roster`.

#[global_allocator]
static ALLOCATOR: waybook_app::allocator::Allocator = waybook_app::allocator::Allocator;

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use waybook_app::ui::roster::{SortColumn, visible_rows};
use waybook_core::model::{Change, Character, CharacterId, CharacterKind, Edit, Player, PlayerId};
use waybook_core::store::Campaign;

const CHARACTERS: i64 = 10_000;

fn big_campaign(path: &std::path::Path) -> Campaign {
    let mut campaign = Campaign::create(path, "Ten thousand").expect("created");
    let players = (0..97).map(|i| {
        let player = Player::new(PlayerId(i + 1), format!("Player {i}"));
        Change::of(None, Some(&player))
    });
    let characters = (1..=CHARACTERS).map(|i| {
        let mut c = Character::new(
            CharacterId(i),
            format!("Traveller {i:05}"),
            CharacterKind::Npc,
        );
        c.player = Some(PlayerId(i % 97 + 1));
        c.companion.powers = vec!["Ward".into(), "Blink".into()];
        Change::character(None, Some(&c))
    });
    let changes = players.chain(characters).collect();
    campaign.apply(&Edit::new("fill", changes)).expect("filled");
    campaign
}

fn roster(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("dir");
    let campaign = big_campaign(&dir.path().join("big.waybook"));
    c.bench_function("load 10k characters", |b| {
        b.iter(|| black_box(campaign.load().expect("loaded")))
    });
    let data = campaign.load().expect("loaded");
    c.bench_function("filter and sort 10k rows", |b| {
        b.iter(|| {
            black_box(visible_rows(
                &data,
                "player 4",
                None,
                SortColumn::Player,
                true,
            ))
        })
    });
    c.bench_function("sort 10k rows by name", |b| {
        b.iter(|| black_box(visible_rows(&data, "", None, SortColumn::Name, false)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = roster
}
criterion_main!(benches);
