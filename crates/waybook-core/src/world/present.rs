//! A party's present (issue 53): the date and hour the party has lived
//! to (`Party::now`). What a party does moves its own present on (a
//! travel round, a trip's hours, a gathering session, *Move the clock
//! on*), never another party's, and only undo moves it back. The
//! campaign's clock is the latest present of any party (with no party,
//! the clock alone): the world's weather is rolled once, by the first
//! party to live a day, and the forecast begins after the clock.

use crate::model::{CampaignData, ClockTime, Party, PartyId, Settings};

/// The present of `party`; the campaign's clock when there is no such
/// party (a step of no party, or a campaign with none).
pub fn now_of(data: &CampaignData, party: Option<PartyId>) -> ClockTime {
    party
        .and_then(|p| data.parties.get(&p))
        .map_or(data.settings.clock, |p| p.now)
}

/// Moves `party`'s present to `to` (a step's end; never back), and the
/// campaign's clock in `settings` with it when `to` passes it; a step of
/// no party moves the clock alone.
pub fn move_to(party: Option<&mut Party>, settings: &mut Settings, to: ClockTime) {
    let now = match party {
        Some(party) => {
            party.now = party.now.max(to);
            party.now
        }
        None => to,
    };
    settings.clock = settings.clock.max(now);
}

/// The parties that have lived `day`: each whose present has reached it.
/// Where a party was each day is not kept, so a day is lived by a party
/// wherever it was.
pub fn lived_by(data: &CampaignData, day: i64) -> Vec<&Party> {
    data.parties.values().filter(|p| p.now.day >= day).collect()
}

/// Whether `day` was lived: by a party, or, in a campaign of no party,
/// by the campaign's clock. A forecast covers only days no party lived.
pub fn is_lived(data: &CampaignData, day: i64) -> bool {
    if data.parties.is_empty() {
        day <= data.settings.clock.day
    } else {
        !lived_by(data, day).is_empty()
    }
}
