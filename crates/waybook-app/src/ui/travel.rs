//! The travel screen: a party's travel rounds on the map, phase by phase.
//! Where the party is, its Supplies, purse and tokens; the route forecast to
//! a chosen place before anyone rolls; today's round (navigation with the
//! 🜉-or-setback choice, the encounter, the camp with who is fed and each
//! hero's action); a Merchant's wares; and the travel log.

use super::choices::{self, Offer, Unpicked, cell_combo};
use super::forms::play_step;
use super::input::Entry;
use crate::app::Command;
use egui::{RichText, Ui};
use waybook_core::model::{
    CampaignData, CharacterId, MapPathId, Party, PartyId, PlaceId, RoundStep, TravelRoundId,
    capitalised, limits, plural,
};
use waybook_core::travel::forecast;
use waybook_core::travel::round::{
    self, CampOrders, EncounterChoice, PartyStep, TravelStep, latest_round,
};
use waybook_print::pdf::Sheet;
use waybook_rules::rounds::camp::Action;
use waybook_rules::rounds::camp::Camp;
use waybook_rules::rounds::encounter::{Encounter, scout_choice};

#[derive(Debug)]
pub struct TravelState {
    pub party: Option<PartyId>,
    path: Option<MapPathId>,
    /// Where the party was when `path` was chosen: arriving somewhere new
    /// picks the next path of the forecast route again.
    path_from: Option<PlaceId>,
    /// The forecast's destination when `path` was chosen: choosing another
    /// picks the first path of its route.
    path_toward: Option<PlaceId>,
    forecast_to: Option<PlaceId>,
    planned: Entry<String>,
    /// Tonight's orders being set, for the round in play, the Supplies, the
    /// Fellow Travelers' meal and the members they were made for.
    camp: Option<Tonight>,
    /// A travel cost being booked: how much, and for what.
    cost: Entry<i64>,
    cost_for: Entry<String>,
    /// The travel log's rows as last drawn: only those near the view are
    /// drawn again (a long campaign has thousands of rounds).
    log_rows: super::lists::Heights,
    /// What today's round is to the party's trip, for (revision, party).
    trip_today: super::lists::Memo<(u64, PartyId), Option<waybook_core::plan::same_day::TripToday>>,
    /// What setting out along the chosen path does to the party's trips.
    set_out: super::lists::Memo<(u64, PartyId, MapPathId), Option<String>>,
    /// The map's places by name, for the pickers.
    places: super::lists::Places,
}

impl Default for TravelState {
    fn default() -> Self {
        Self {
            party: None,
            path: None,
            path_from: None,
            path_toward: None,
            forecast_to: None,
            planned: Entry::default(),
            camp: None,
            cost: Entry::empty(limits::COIN),
            cost_for: Entry::default(),
            log_rows: super::lists::Heights::default(),
            trip_today: super::lists::Memo::default(),
            set_out: super::lists::Memo::default(),
            places: super::lists::Places::default(),
        }
    }
}

fn place_name(data: &CampaignData, id: PlaceId) -> String {
    data.places
        .get(&id)
        .map_or_else(|| "?".to_owned(), |p| p.name.clone())
}

fn percent(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// The party the screen shows: the one chosen, else the first.
fn shown_party(state: &mut TravelState, data: &CampaignData) -> Option<PartyId> {
    if state.party.is_none_or(|p| !data.parties.contains_key(&p)) {
        state.party = data.parties.keys().next().copied();
    }
    state.party
}

/// The next travel round of the party the screen shows: the Navigation
/// Phase along the path it is on, or the path the screen has chosen at its
/// place. `Ok(None)` when the screen has the next step to show instead: a
/// round in play, or a place where no path was chosen yet.
pub(super) fn next_round(
    state: &mut TravelState,
    data: &CampaignData,
) -> Result<Option<Command>, String> {
    let party = shown_party(state, data)
        .and_then(|p| data.parties.get(&p))
        .ok_or("No party yet: add one on the Parties screen")?;
    if let Some(round) = data.round_in_play(party.id) {
        let phase = match round.next {
            RoundStep::Setback => "the choice after its failed pathfind",
            RoundStep::Encounter => "its Encounter Phase",
            RoundStep::Camping | RoundStep::Done => "its Camping Phase",
        };
        return Err(format!(
            "{}'s round of day {} is in play: play {phase} on the Travel screen first",
            party.name, round.day
        ));
    }
    let chosen_here = state.path.filter(|path| {
        state.path_from == party.travel.place
            && party
                .travel
                .place
                .is_some_and(|place| data.paths_at(place).any(|p| p.id == *path))
    });
    Ok(party
        .travel
        .on_path
        .map(|on| on.path)
        .or(chosen_here)
        .map(|path| {
            Command::play(PartyStep {
                party: party.id,
                step: TravelStep::Navigate(path),
            })
        }))
}

/// Draws the screen; the screen to go to, when the GM runs an encounter as
/// a scene.
impl super::navigation::View for TravelState {
    fn view(
        &mut self,
        ui: &mut Ui,
        desk: &mut super::navigation::Desk<'_>,
    ) -> Option<super::Screen> {
        travel_ui(ui, self, desk.data, desk.out)
    }
}

fn travel_ui(
    ui: &mut Ui,
    state: &mut TravelState,
    data: &CampaignData,
    out: &mut Vec<Command>,
) -> Option<super::Screen> {
    let Some(party) = shown_party(state, data).and_then(|p| data.parties.get(&p)) else {
        ui.label(RichText::new("No party yet: add one on the Parties screen.").weak());
        return None;
    };
    if !data.settings.rounds {
        ui.label(
            RichText::new("Travel rounds are switched off for this campaign (Campaign screen).")
                .weak(),
        );
    }
    egui::ScrollArea::vertical()
        .auto_shrink(false)
        .show(ui, |ui| {
            let mut to = None;
            ui.horizontal(|ui| {
                choices::party_combo(
                    ui,
                    "travel-party",
                    "Party",
                    data,
                    &mut state.party,
                    Unpicked::Prompt("choose a party"),
                );
            });
            position_ui(ui, data, party);
            cost_ui(ui, state, data, party, out);
            ui.horizontal(|ui| {
                if ui
                    .button("Print worksheet…")
                    .on_hover_text("The travel-round worksheet for the table, as a PDF")
                    .clicked()
                {
                    out.push(Command::Export(vec![Sheet::TravelRound(party.id)]));
                }
                if ui.button("Print travel log…").clicked() {
                    out.push(Command::Export(vec![Sheet::TravelLog(party.id)]));
                }
            });
            ui.add_space(4.0);
            egui::CollapsingHeader::new("Route forecast")
                .default_open(true)
                .show(ui, |ui| forecast_ui(ui, state, data, party));
            ui.add_space(4.0);
            ui.heading("Today's travel round");
            let today = state.trip_today.get((data.revision, party.id), || {
                std::rc::Rc::new(waybook_core::plan::same_day::today(data, party.id))
            });
            if let Some(today) = today.as_ref() {
                ui.label(RichText::new(today.words()).strong());
            }
            // The wares come first: what a purchase adds to the round's log
            // goes below them, so the next ware stays under the pointer.
            wares_ui(ui, data, party, out);
            round_ui(ui, state, data, party, out);
            if encounter_scene_ui(ui, data, party, out) {
                to = Some(super::Screen::Scene);
            }
            ui.add_space(8.0);
            log_ui(ui, &mut state.log_rows, data, party);
            to
        })
        .inner
}

/// "Run it as a scene": a hazard or warriors met in the party's latest
/// round starts a scene for the party (a beat for a hazard, a fight for
/// warriors), and the Scene screen opens; one already started opens. Greyed
/// while another scene is played. Whether the Scene screen is asked for.
fn encounter_scene_ui(
    ui: &mut Ui,
    data: &CampaignData,
    party: &Party,
    out: &mut Vec<Command>,
) -> bool {
    use waybook_rules::rounds::encounter::Kind;
    let Some(last) = round::latest_round(data, party.id) else {
        return false;
    };
    let (what, mode) = match last.met {
        Some(Kind::Hazard) => (
            "A natural hazard",
            waybook_core::model::SceneMode::Exploration,
        ),
        Some(Kind::Warriors) => ("Warriors", waybook_core::model::SceneMode::Combat),
        _ => return false,
    };
    let path = data
        .paths
        .get(&last.path)
        .map_or("the path", |p| p.name.as_str());
    let name = format!("{what} on {path}, day {}", last.day);
    let run = data.scenes.values().find(|s| s.name == name);
    let playing = data.scenes.values().any(|s| !s.finished);
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("{what} met on {path}:"));
        if let Some(scene) = run {
            let open = if scene.finished {
                "Read its scene"
            } else {
                "Open its scene"
            };
            return ui.button(open).clicked();
        }
        let start = ui
            .add_enabled(!playing, egui::Button::new("Run it as a scene"))
            .on_disabled_hover_text("A scene is being played: end it on the Scene screen first");
        if start.clicked() {
            out.push(Command::play(waybook_core::scene::SceneStep::Start {
                name,
                party: Some(party.id),
                mode,
                threat: 2,
                new_scenario: false,
            }));
        }
        start.clicked()
    })
    .inner
}

/// Where the party is, its Supplies, purse and tokens, and what last camp left.
fn position_ui(ui: &mut Ui, data: &CampaignData, party: &Party) {
    let t = &party.travel;
    let at = match (t.on_path, t.place, t.beyond) {
        (None, None, None) => "Not on the map yet: set where the party is below.".to_owned(),
        // Off the map: a travel round sets out from a place, so the GM
        // puts the party where the uncharted way comes out.
        (None, None, Some(_)) => format!(
            "{}: off the map; put the party where it comes out below.",
            waybook_core::travel::whereabouts(data, party)
        ),
        _ => waybook_core::travel::whereabouts(data, party),
    };
    ui.label(RichText::new(at).strong());
    ui.label(format!(
        "Supplies {} · {} {} · {} 🜉 pathfinding · {} 🜹 exploration · navigation modifiers {}",
        party.supplies,
        party.purse,
        party.currency,
        t.pathfinding_tokens,
        t.exploration_tokens,
        t.modifiers
    ));
    let mut carried = Vec::new();
    if t.explored {
        carried.push("Explore: +2 on the next pathfind".to_owned());
    }
    if t.scouted.is_some() {
        carried.push("last night's Scout cast today's encounter die".to_owned());
    }
    if let Some(weather) = &t.forecast_weather {
        carried.push(format!(
            "last night's Divine foretold today's weather: {weather}"
        ));
    }
    if !carried.is_empty() {
        ui.label(RichText::new(capitalised(&carried.join(" · "))).italics());
    }
}

fn forecast_ui(ui: &mut Ui, state: &mut TravelState, data: &CampaignData, party: &Party) {
    ui.horizontal(|ui| {
        let places = state.places.named(data);
        choices::record_combo(
            ui,
            "forecast-to",
            "To",
            &mut state.forecast_to,
            Unpicked::Prompt("choose a place"),
            &places,
        );
    });
    let Some(to) = state.forecast_to else {
        ui.label(
            RichText::new("Choose a place to see the route and its odds before anyone rolls.")
                .weak(),
        );
        return;
    };
    match forecast::route(data, party.id, to) {
        Err(e) => {
            ui.label(RichText::new(capitalised(&e.to_string())).color(super::input::ERROR_COLOUR));
        }
        Ok(route) if route.paths.is_empty() => {
            ui.label(format!("{} is at {} already.", route.party, route.to));
        }
        Ok(route) => {
            ui.label(format!(
                "From {}: {:.1} rounds expected",
                route.from, route.rounds_expected
            ));
            let supplies = capitalised(&route.supplies_said());
            if route.supplies_short > 0 {
                ui.label(RichText::new(supplies).color(super::input::ERROR_COLOUR));
            } else {
                ui.label(supplies);
            }
            egui::Grid::new("forecast-grid")
                .striped(true)
                .show(ui, |ui| {
                    for head in [
                        "Path", "Rounds", "Setback", "Lost", "Hazard", "Warriors", "Benign",
                    ] {
                        ui.label(RichText::new(head).strong());
                    }
                    ui.end_row();
                    for leg in &route.paths {
                        ui.label(format!("{} ({} → {})", leg.name, leg.from, leg.to));
                        ui.label(
                            leg.rounds_expected
                                .map_or("no end".to_owned(), |r| format!("{r:.1}")),
                        );
                        for p in [
                            leg.p_setback,
                            leg.p_lost,
                            leg.p_hazard,
                            leg.p_warriors,
                            leg.p_benign,
                        ] {
                            ui.label(percent(p));
                        }
                        ui.end_row();
                    }
                });
        }
    }
}

fn round_ui(
    ui: &mut Ui,
    state: &mut TravelState,
    data: &CampaignData,
    party: &Party,
    out: &mut Vec<Command>,
) {
    let Some(round) = data.round_in_play(party.id) else {
        if let Some(last) = latest_round(data, party.id) {
            let path = data.paths.get(&last.path).map_or("?", |p| p.name.as_str());
            egui::CollapsingHeader::new(format!(
                "How the last round went (day {}, {path})",
                last.day
            ))
            .id_salt(("last-round", last.id.0))
            // Folded: the next round's controls stay in view.
            .default_open(false)
            .show(ui, |ui| {
                for line in &last.lines {
                    ui.label(RichText::new(line).monospace().size(12.0));
                }
            });
        }
        navigation_ui(ui, state, data, party, out);
        return;
    };
    let path = data.paths.get(&round.path);
    ui.label(format!(
        "{}: along {} toward {}{}",
        data.settings.calendar.describe(round.day),
        path.map_or("?", |p| p.name.as_str()),
        place_name(data, round.toward),
        if round.partial {
            " (a partial round: no camp)"
        } else {
            ""
        }
    ));
    for line in &round.lines {
        ui.label(RichText::new(line).monospace().size(12.0));
    }
    ui.add_space(4.0);
    match round.next {
        RoundStep::Setback => {
            ui.label(
                RichText::new(
                    "Pathfinding failed. Spend a 🜉 to succeed instead, or take the setback?",
                )
                .strong(),
            );
            ui.horizontal(|ui| {
                play_step(
                    ui,
                    data,
                    format!(
                        "Spend a 🜉 (the party holds {})",
                        party.travel.pathfinding_tokens
                    ),
                    Ok(PartyStep {
                        party: party.id,
                        step: TravelStep::Setback { spend_token: true },
                    }),
                    out,
                );
                play_step(
                    ui,
                    data,
                    "Roll the setback",
                    Ok(PartyStep {
                        party: party.id,
                        step: TravelStep::Setback { spend_token: false },
                    }),
                    out,
                );
            });
        }
        RoundStep::Encounter => encounter_ui(ui, state, data, party, out),
        RoundStep::Camping => camp_ui(ui, state, data, party, round.id, out),
        RoundStep::Done => {}
    }
}

/// The path a round is offered along first: the forecast's way to the
/// place asked, else the trip's path today, else the first from here.
fn default_path(
    forecast_to: Option<PlaceId>,
    data: &CampaignData,
    party: &Party,
    choices: &[(MapPathId, String)],
) -> Option<MapPathId> {
    let offered = |p: &MapPathId| choices.iter().any(|(id, _)| id == p);
    let on_route = forecast_to
        .and_then(|to| forecast::route(data, party.id, to).ok())
        .and_then(|route| route.paths.first().map(|p| p.path))
        .filter(offered);
    let trip = || {
        waybook_core::plan::same_day::today(data, party.id)
            .map(|t| t.path)
            .filter(offered)
    };
    on_route
        .or_else(trip)
        .or_else(|| choices.first().map(|(id, _)| *id))
}

/// The paths the party may set out along: the one it is on, or those
/// from its place, each with where it leads and its figures. None when
/// the party is nowhere on the map.
fn path_choices(data: &CampaignData, party: &Party) -> Option<Vec<(MapPathId, String)>> {
    match (party.travel.on_path, party.travel.place) {
        (Some(on), _) => Some(
            (data.paths.get(&on.path))
                .map(|p| (p.id, format!("{} (on it)", p.name)))
                .into_iter()
                .collect(),
        ),
        (None, Some(place)) => Some(
            data.paths_at(place)
                .map(|p| {
                    let to = (p.other_end(place))
                        .map(|t| place_name(data, t))
                        .unwrap_or_default();
                    let summary = super::map::path_summary(p);
                    (p.id, format!("{} to {to} · {summary}", p.name))
                })
                .collect(),
        ),
        (None, None) => None,
    }
}

fn navigation_ui(
    ui: &mut Ui,
    state: &mut TravelState,
    data: &CampaignData,
    party: &Party,
    out: &mut Vec<Command>,
) {
    let Some(choices) = path_choices(data, party) else {
        place_picker_ui(ui, data, party, out);
        return;
    };
    let moved = state.path_from != party.travel.place || state.path_toward != state.forecast_to;
    if moved
        || state
            .path
            .is_none_or(|p| !choices.iter().any(|(id, _)| *id == p))
    {
        state.path = default_path(state.forecast_to, data, party, &choices);
        state.path_from = party.travel.place;
        state.path_toward = state.forecast_to;
    }
    if choices.is_empty() {
        ui.label(RichText::new("No path leads from here: draw one on the Map screen.").weak());
        return;
    }
    ui.horizontal(|ui| {
        choices::record_combo(
            ui,
            "travel-path",
            "Path",
            &mut state.path,
            Unpicked::Prompt("choose a path"),
            &choices,
        );
    });
    if let Some(path) = state.path.and_then(|p| data.paths.get(&p)) {
        let set_out = state.set_out.get((data.revision, party.id, path.id), || {
            std::rc::Rc::new(waybook_core::plan::same_day::set_out_words(
                data, party.id, path.id,
            ))
        });
        if let Some(words) = set_out.as_ref() {
            ui.label(words);
        }
        let from = party.travel.place.unwrap_or(path.from);
        let odds = forecast::path_odds(data, party.id, path, from);
        let mut reading = vec![format!("difficulty {}", path.difficulty)];
        if path.travelled > 0 {
            reading.push(format!("−2 × {} earlier trips", path.travelled));
        }
        if party.travel.modifiers != 0 {
            reading.push(format!(
                "{} modifiers",
                waybook_core::model::signed(-party.travel.modifiers)
            ));
        }
        if party.travel.explored {
            reading.push("+2 Explore on the roll".to_owned());
        }
        ui.label(format!(
            "Effective difficulty {} ({}): setback {} · hazard {} · warriors {} · benign {}",
            odds.effective,
            reading.join(", "),
            percent(odds.p_setback),
            percent(odds.p_hazard),
            percent(odds.p_warriors),
            percent(odds.p_benign),
        ));
        ui.horizontal(|ui| {
            play_step(
                ui,
                data,
                "Roll the Navigation Phase",
                Ok(PartyStep {
                    party: party.id,
                    step: TravelStep::Navigate(path.id),
                }),
                out,
            );
            // "choose what direction along the path to follow"
            if let Some(on) = party.travel.on_path.filter(|on| on.path == path.id) {
                play_step(
                    ui,
                    data,
                    format!("Turn back toward {}", place_name(data, on.from)),
                    Ok(PartyStep {
                        party: party.id,
                        step: TravelStep::TurnBack,
                    }),
                    out,
                );
            }
        });
    }
}

/// Puts a party that is nowhere at a place, so it can set out.
fn place_picker_ui(ui: &mut Ui, data: &CampaignData, party: &Party, out: &mut Vec<Command>) {
    if data.places.is_empty() {
        ui.label(RichText::new("The map has no places yet: add them on the Map screen.").weak());
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Put the party at:");
        for place in data.places_by_name() {
            if ui.button(&place.name).clicked() {
                out.push(Command::Apply(waybook_core::edits::records::put_party_at(
                    party, place,
                )));
            }
        }
    });
}

fn encounter_ui(
    ui: &mut Ui,
    state: &mut TravelState,
    data: &CampaignData,
    party: &Party,
    out: &mut Vec<Command>,
) {
    let (Some(on), Some(path)) = (
        party.travel.on_path,
        party.travel.on_path.and_then(|on| data.paths.get(&on.path)),
    ) else {
        return;
    };
    let request = Encounter {
        difficulty: path.difficulty as i32,
        sidetracked: on.state.sidetracked,
        danger: path.danger as u32,
        noisy: on.state.noisy,
        wild: path.wild,
    };
    if let Some(face) = party.travel.scouted {
        let predicted = request.kind(face);
        let options = scout_choice(&request, predicted);
        ui.label(format!(
            "Last night's Scout cast the encounter die: {face}, a {} encounter.",
            predicted.label()
        ));
        ui.horizontal(|ui| {
            play_step(
                ui,
                data,
                format!("Take the {} encounter", predicted.label()),
                Ok(PartyStep {
                    party: party.id,
                    step: TravelStep::Encounter(EncounterChoice::Scouted { instead: false }),
                }),
                out,
            );
            if let Some(instead) = options.instead {
                play_step(
                    ui,
                    data,
                    format!("Have a {} encounter instead", instead.label()),
                    Ok(PartyStep {
                        party: party.id,
                        step: TravelStep::Encounter(EncounterChoice::Scouted { instead: true }),
                    }),
                    out,
                );
            }
        });
        return;
    }
    ui.label(format!(
        "Encounter die (d10): a hazard above {}, warriors at {} or below, otherwise benign{}.",
        request.threshold(),
        request.danger(),
        if path.wild {
            " (wild: only Landmarks or Peace)"
        } else {
            ""
        }
    ));
    ui.horizontal(|ui| {
        play_step(
            ui,
            data,
            "Cast the encounter die",
            Ok(PartyStep {
                party: party.id,
                step: TravelStep::Encounter(EncounterChoice::Die),
            }),
            out,
        );
        state.planned.field(ui, "or a planned encounter:", 200.0);
        let planned = EncounterChoice::Planned(state.planned.text().trim().to_owned());
        if play_step(
            ui,
            data,
            "Run the planned encounter",
            Ok(PartyStep {
                party: party.id,
                step: TravelStep::Encounter(planned),
            }),
            out,
        )
        .clicked()
        {
            state.planned.clear();
        }
    });
}

/// What tonight's orders were made for: the round, the Supplies, whether
/// Fellow Travelers feed the camp, the members.
type CampKey = (TravelRoundId, i64, bool, Vec<CharacterId>);

/// Tonight's camp as the GM sets it: what it was made for, the orders,
/// and the trip's watch rota tonight (worked out with the orders, not
/// each frame: it plans the trip).
#[derive(Debug)]
struct Tonight {
    key: CampKey,
    orders: CampOrders,
    on_watch: Vec<CharacterId>,
}

/// Tonight's orders as the GM sets them, for the party as it stands: made
/// again by the domain ([`round::orders_for_now`]: everyone fed who can be,
/// those on the trip's watch rota watching, the actions the GM chose kept
/// where still allowed) whenever the round,
/// the Supplies, a Fellow Travelers' meal or the members change, so the
/// form never feeds more than there is.
fn orders_for<'s>(
    state: &'s mut TravelState,
    data: &CampaignData,
    party: &Party,
    round: TravelRoundId,
) -> &'s mut Tonight {
    let fellow = data.rounds.get(&round).is_some_and(|r| r.fellow_travelers);
    let members: Vec<CharacterId> = data.members(party.id).map(|c| c.id).collect();
    let key = (round, party.supplies, fellow, members);
    let tonight = match state.camp.take() {
        Some(tonight) if tonight.key == key => tonight,
        kept => {
            let on_watch = waybook_core::plan::same_day::on_watch_tonight(data, party.id);
            let kept_orders = kept.as_ref().map(|t| match t.key.0 == round {
                true => round::Kept::Tonight(&t.orders),
                false => round::Kept::LastCamp(&t.orders),
            });
            let orders = round::orders_for_now(data, party.id, kept_orders, &on_watch);
            Tonight {
                key,
                orders,
                on_watch,
            }
        }
    };
    state.camp.insert(tonight)
}

fn camp_ui(
    ui: &mut Ui,
    state: &mut TravelState,
    data: &CampaignData,
    party: &Party,
    round: TravelRoundId,
    out: &mut Vec<Command>,
) {
    let Tonight {
        orders, on_watch, ..
    } = orders_for(state, data, party, round);
    let plan = match round::camp_plan(data, party.id, orders) {
        Ok(plan) => plan,
        Err(e) => {
            ui.label(RichText::new(capitalised(&e.to_string())).color(super::input::ERROR_COLOUR));
            return;
        }
    };
    let request = &plan.request;
    supplies_line_ui(ui, request, party);
    if let Some(rota) = round::rota_words(data, party.id, on_watch, orders) {
        ui.label(rota);
    }
    camp_grid_ui(ui, data, party, orders, request);
    let watching = orders.heroes.iter().any(|o| o.action == Action::Watch);
    if watching {
        ui.checkbox(
            &mut orders.avoid_warned_ambush,
            "If the Watch sees an ambush coming, slip away from it",
        );
    }
    if let Some(why) = &plan.refusal {
        ui.label(RichText::new(capitalised(&why.to_string())).color(super::input::ERROR_COLOUR));
    }
    play_step(
        ui,
        data,
        "Make camp",
        Ok(PartyStep {
            party: party.id,
            step: TravelStep::Camp(orders.clone()),
        }),
        out,
    );
}

/// What tonight's camp costs in Supplies and who can be fed.
fn supplies_line_ui(ui: &mut Ui, request: &Camp, party: &Party) {
    let mut words = round::supplies_words(request, party.supplies);
    if !request.fellow_travelers && !request.out_of_supplies() {
        words +=
            " Untick someone to leave them unfed: no healing from Shelter or Cook, and an injury.";
    }
    ui.label(words);
    let everyone = request.heroes.len() as i64 + i64::from(request.allies);
    if !request.fellow_travelers && party.supplies > 0 && party.supplies < everyone {
        ui.label(
            RichText::new(format!(
                "{} can be fed of {everyone}: tick and untick to choose who.",
                party.supplies
            ))
            .italics(),
        );
    }
}

/// One row per camper: their vitals, whether they are fed, their action and
/// whom a Mend is for; allies are fed or not but take no action.
fn camp_grid_ui(
    ui: &mut Ui,
    data: &CampaignData,
    party: &Party,
    orders: &mut CampOrders,
    request: &Camp,
) {
    let heroes = waybook_core::travel::heroes(data, party.id);
    let recovering: Vec<Offer<Option<CharacterId>>> = orders
        .heroes
        .iter()
        .filter(|o| o.action == Action::Recover)
        .filter_map(|o| data.characters.get(&o.hero))
        .map(|c| Offer {
            value: Some(c.id),
            name: c.name.clone(),
            refused: None,
        })
        .collect();
    egui::Grid::new("camp-grid").striped(true).show(ui, |ui| {
        for head in ["Who", "HP", "MP", "Injuries", "Fed", "Action", "Mend whom"] {
            ui.label(RichText::new(head).strong());
        }
        ui.end_row();
        for hero in &heroes {
            let Some(order) = orders.heroes.iter_mut().find(|o| o.hero == hero.id) else {
                continue;
            };
            vitals_ui(ui, hero);
            feed_box_ui(ui, &mut order.fed, hero, request);
            let offers: Vec<Offer<Action>> = Action::ALL
                .iter()
                .map(|&action| Offer {
                    value: action,
                    name: capitalised(action.label()),
                    refused: round::action_refusal(data, party.id, hero, action),
                })
                .collect();
            cell_combo(
                ui,
                ("camp-action", hero.id.0),
                &format!("Action of {}", hero.name),
                &mut order.action,
                &offers,
                "an action",
            );
            if order.action == Action::Mend {
                cell_combo(
                    ui,
                    ("camp-mend", hero.id.0),
                    &format!("Whom {} mends", hero.name),
                    &mut order.target,
                    &recovering,
                    "choose a Recovering hero",
                );
            } else {
                ui.label("");
            }
            ui.end_row();
        }
        for ally in waybook_core::travel::ally_members(data, party.id) {
            vitals_ui(ui, ally);
            let mut fed = !orders.unfed_allies.contains(&ally.id);
            feed_box_ui(ui, &mut fed, ally, request);
            orders.unfed_allies.retain(|id| *id != ally.id);
            if !fed {
                orders.unfed_allies.push(ally.id);
            }
            ui.label(RichText::new("an ally: no camp action").weak());
            ui.label("");
            ui.end_row();
        }
    });
}

/// A camper's name, HP, MP and injuries: the first cells of their row.
fn vitals_ui(ui: &mut Ui, c: &waybook_core::model::Character) {
    let r = &c.rounds;
    ui.label(&c.name);
    ui.label(format!("{}/{}", r.hp.current, r.hp.max));
    ui.label(format!("{}/{}", r.mp.current, r.mp.max));
    ui.label(r.injuries.len().to_string());
}

/// Whether a camper is given Supplies: greyed, with the reason, when the
/// Fellow Travelers feed everyone or there are no Supplies to give.
fn feed_box_ui(ui: &mut Ui, fed: &mut bool, c: &waybook_core::model::Character, request: &Camp) {
    let why_not = if request.fellow_travelers {
        Some("The Fellow Travelers feed everyone tonight")
    } else if request.out_of_supplies() {
        Some("The party is out of Supplies")
    } else {
        None
    };
    let mut shown = if request.out_of_supplies() {
        false
    } else {
        *fed || request.fellow_travelers
    };
    // The row names who it is: the box itself is named for the screen reader.
    let response = ui
        .add_enabled(why_not.is_none(), egui::Checkbox::without_text(&mut shown))
        .accessible_name(format!("Fed {}", c.name))
        .on_disabled_hover_text(why_not.unwrap_or_default());
    if response.changed() {
        *fed = shown;
    }
}

/// The merchant table, while the party's latest round met a Merchant.
fn wares_ui(ui: &mut Ui, data: &CampaignData, party: &Party, out: &mut Vec<Command>) {
    if !latest_round(data, party.id).is_some_and(|r| r.merchant) {
        return;
    }
    ui.add_space(6.0);
    ui.label(RichText::new("The Merchant's wares").strong());
    if data.wares.is_empty() {
        ui.label(
            RichText::new("The merchant table is empty: add wares on the Campaign screen.").weak(),
        );
    }
    for ware in data.wares.values() {
        ui.horizontal(|ui| {
            let gives = match ware.item.and_then(|i| data.items.get(&i)) {
                Some(item) if item.name == ware.name => "one into the stash".to_owned(),
                Some(item) => format!("{} into the stash", item.name),
                None => plural(ware.supplies, "Supply"),
            };
            ui.label(format!(
                "{}: {gives}, for {} {}",
                ware.name, ware.price, party.currency
            ));
            play_step(
                ui,
                data,
                "Buy one",
                Ok(PartyStep {
                    party: party.id,
                    step: TravelStep::Buy(ware.id, 1),
                }),
                out,
            )
            .accessible_name(format!("Buy {}", ware.name));
        });
    }
}

fn log_ui(ui: &mut Ui, rows: &mut super::lists::Heights, data: &CampaignData, party: &Party) {
    ui.heading("Travel log");
    let rounds: Vec<_> = data
        .rounds
        .values()
        .rev()
        .filter(|r| r.party == party.id)
        .collect();
    if rounds.is_empty() {
        ui.label(RichText::new("No travel rounds yet.").weak());
    }
    rows.list(party.id, rounds.len());
    for (i, round) in rounds.into_iter().enumerate() {
        rows.row(ui, i, |ui| {
            let path = data.paths.get(&round.path).map_or("?", |p| p.name.as_str());
            let state = if round.next == RoundStep::Done {
                ""
            } else {
                " (in play)"
            };
            let date = data.settings.calendar.describe(round.day);
            egui::CollapsingHeader::new(format!("{date}: {path}{state}"))
                .id_salt(("round", round.id.0))
                .show(ui, |ui| {
                    for line in &round.lines {
                        ui.label(RichText::new(line).monospace().size(12.0));
                    }
                });
        });
    }
}

/// Books a travel cost (passage, transport) from the purse, as one undo step.
fn cost_ui(
    ui: &mut Ui,
    state: &mut TravelState,
    data: &CampaignData,
    party: &Party,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let amount = state.cost.ui(ui, "Pay", 60.0);
        ui.label(&party.currency);
        state
            .cost_for
            .field_hinted(ui, "for", 160.0, "passage, a guide…");
        let step = amount.map(|amount| PartyStep {
            party: party.id,
            step: TravelStep::Pay {
                amount,
                what: state.cost_for.text().trim().to_owned(),
            },
        });
        if play_step(ui, data, "Book the cost", step, out).clicked() {
            state.cost.clear();
            state.cost_for.clear();
        }
    });
}
