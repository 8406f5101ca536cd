//! Printable sheets: campaign data in, PDF bytes out. No egui, no database.
//!
//! Character sheets (a section per rule text switched on), party sheets, the
//! blank sheet, journey packets, travel-round worksheets and travel logs,
//! gathering site cards and logs, on A4 or US Letter, black-and-white friendly, with the
//! shipped DejaVu Sans embedded (subset to the glyphs used). A sheet that
//! overflows continues on the next page with its heading repeated.

mod blocks;
mod character;
mod chronicle;
mod gathering;
mod handout;
mod journey;
pub mod layout;
pub mod party;
mod recap;
mod subset;
mod travel;

pub use layout::{Page, Paper};

/// The margin every sheet keeps, in points.
pub const MARGIN_PT: f32 = 42.519_686;

use blocks::Column;
use layout::{Layout, Metrics};
use printpdf::{OffsetDateTime, ParsedFont, PdfDocument, PdfPage, PdfSaveOptions};
use std::collections::BTreeSet;
use std::sync::OnceLock;
use waybook_core::exchange::handout::Handout;
use waybook_core::model::{CampaignData, CharacterId, Holder, JourneyId, PartyId, SiteId};

/// The fonts, shared with the GUI: text, and the rule symbols 🜉 and 🜹.
use crate::assets::{SYMBOL_FONT, TEXT_FONT as FONT};

/// One sheet of an export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sheet {
    Character(CharacterId),
    Party(PartyId),
    Blank,
    /// A journey's packet: the plan day by day, the food ledger, the log.
    Journey(JourneyId),
    /// The worksheet for a party's next travel round.
    TravelRound(PartyId),
    /// A travel-round worksheet to fill in by hand.
    BlankTravelRound,
    /// A party's travel log, each round with its rolls.
    TravelLog(PartyId),
    /// A gathering site's card: materials, abundance, sources found.
    SiteCard(SiteId),
    /// A gathering site's log: every session's tests and yields.
    GatheringLog(SiteId),
    /// One game night's campaign log: the night of this entry.
    Recap(waybook_core::model::LogId),
    /// The chronicle of the clock days `from` to `to`.
    Chronicle {
        from: i64,
        to: i64,
    },
}

impl Sheet {
    /// What the sheet is, as a file's name and a message say it: "Sefa
    /// Qorrin", "the packet of The Road to Emberfall", "the recap of
    /// 2026-11-27".
    pub fn name(&self, data: &CampaignData) -> String {
        let or =
            |name: Option<&String>, what: &str| name.map_or_else(|| what.to_owned(), Clone::clone);
        let party = |id: &PartyId| or(data.parties.get(id).map(|p| &p.name), "a party");
        let site = |id: &SiteId| or(data.sites.get(id).map(|s| &s.name), "a site");
        match self {
            Sheet::Character(id) => or(data.characters.get(id).map(|c| &c.name), "a character"),
            Sheet::Party(id) => format!("{}'s party sheet", party(id)),
            Sheet::Blank => "a blank character sheet".to_owned(),
            Sheet::Journey(id) => {
                let journey = or(data.journeys.get(id).map(|j| &j.name), "a journey");
                format!("the packet of {journey}")
            }
            Sheet::TravelRound(id) => format!("{}'s travel round worksheet", party(id)),
            Sheet::BlankTravelRound => "a blank travel round worksheet".to_owned(),
            Sheet::TravelLog(id) => format!("{}'s travel log", party(id)),
            Sheet::SiteCard(id) => format!("the site card of {}", site(id)),
            Sheet::GatheringLog(id) => format!("the gathering log of {}", site(id)),
            Sheet::Recap(id) => match data.log.get(id) {
                Some(e) => format!("the recap of {}", e.night()),
                None => "a recap".to_owned(),
            },
            Sheet::Chronicle { from, to } => match chronicle::printed(*from, *to) {
                (from, to) if from == to => format!("the chronicle of day {from}"),
                (from, to) => format!("the chronicle of days {from} to {to}"),
            },
        }
    }

    /// What the sheet leaves out of what was asked, in words: the days of
    /// a chronicle beyond what one print holds.
    pub fn left_out(&self) -> Option<String> {
        match self {
            Sheet::Chronicle { from, to } => chronicle::left_out(*from, *to),
            _ => None,
        }
    }
}

/// The file name a PDF of `sheets` is offered under: the sheet's name when
/// there is one, without its article ("recap of 2026-11-27.pdf"), else
/// "sheets.pdf".
pub fn file_name(data: &CampaignData, sheets: &[Sheet]) -> String {
    match sheets {
        [one] => {
            let name = one.name(data);
            let name = ["the ", "a "]
                .iter()
                .find_map(|article| name.strip_prefix(article))
                .unwrap_or(&name);
            format!("{}.pdf", waybook_core::files::file_stem_for(name))
        }
        _ => "sheets.pdf".to_owned(),
    }
}

/// What an export made, as its message says it: "Sefa Qorrin", "the recap
/// of 2026-11-27 (3 pages)", "4 sheets (6 pages)".
pub fn made(data: &CampaignData, sheets: &[Sheet], pages: usize) -> String {
    let what = match sheets {
        [one] => one.name(data),
        _ => waybook_core::model::plural(sheets.len(), "sheet"),
    };
    if pages == 1 || pages == sheets.len() {
        what
    } else {
        format!("{what} ({})", waybook_core::model::plural(pages, "page"))
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PdfError {
    #[error("the export was cancelled")]
    Cancelled,
    #[error("{0} is no longer in the campaign")]
    Missing(String),
    #[error("the embedded font could not be read or cut to the glyphs used")]
    Font,
    #[error("the PDF could not be written: {0}")]
    Write(String),
}

/// Lays out pages with `draw`, each with the campaign's footer.
fn lay_out<'m>(
    campaign: &str,
    paper: Paper,
    metrics: &'m Metrics,
    draw: &mut dyn FnMut(&mut Layout<'_>) -> Result<(), PdfError>,
) -> Result<Layout<'m>, PdfError> {
    let mut layout = Layout::new(metrics, paper);
    draw(&mut layout)?;
    layout.footers(&format!("Waybook · {campaign}"));
    Ok(layout)
}

/// Draws `sheets` and reports each finished sheet to `progress`, which
/// returns `false` to cancel.
fn draw_sheets(
    layout: &mut Layout<'_>,
    data: &CampaignData,
    sheets: &[Sheet],
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<(), PdfError> {
    for (done, sheet) in sheets.iter().enumerate() {
        match *sheet {
            Sheet::Character(id) => {
                let c = data
                    .characters
                    .get(&id)
                    .ok_or_else(|| PdfError::Missing(format!("character {}", id.0)))?;
                character::character_sheet(layout, data, &data.settings, Some(c));
            }
            Sheet::Party(id) => party::party_sheet(layout, data, party(data, id)?),
            Sheet::Blank => character::character_sheet(layout, data, &data.settings, None),
            Sheet::Journey(id) => {
                let j = data
                    .journeys
                    .get(&id)
                    .ok_or_else(|| PdfError::Missing(format!("journey {}", id.0)))?;
                journey::journey_packet(layout, data, j);
            }
            Sheet::TravelRound(id) => travel::worksheet(layout, data, Some(party(data, id)?)),
            Sheet::BlankTravelRound => travel::worksheet(layout, data, None),
            Sheet::TravelLog(id) => travel::travel_log(layout, data, party(data, id)?),
            Sheet::SiteCard(id) => gathering::site_card(layout, data, site(data, id)?),
            Sheet::GatheringLog(id) => gathering::gathering_log(layout, data, site(data, id)?),
            Sheet::Recap(id) => {
                let e = data
                    .log
                    .get(&id)
                    .ok_or_else(|| PdfError::Missing(format!("log entry {}", id.0)))?;
                recap::recap(layout, data, e.night());
            }
            Sheet::Chronicle { from, to } => chronicle::chronicle(layout, data, from, to),
        }
        if !progress(done + 1) {
            return Err(PdfError::Cancelled);
        }
    }
    Ok(())
}

fn party(data: &CampaignData, id: PartyId) -> Result<&waybook_core::model::Party, PdfError> {
    data.parties
        .get(&id)
        .ok_or_else(|| PdfError::Missing(format!("party {}", id.0)))
}

fn site(data: &CampaignData, id: SiteId) -> Result<&waybook_core::model::Site, PdfError> {
    data.sites
        .get(&id)
        .ok_or_else(|| PdfError::Missing(format!("gathering site {}", id.0)))
}

/// The shipped fonts, parsed once per run of the program.
fn metrics() -> Result<&'static Metrics, PdfError> {
    static METRICS: OnceLock<Option<Metrics>> = OnceLock::new();
    let parse = |bytes| ParsedFont::from_bytes(bytes, 0, &mut Vec::new());
    let parsed = METRICS.get_or_init(|| Some(Metrics::new(parse(FONT)?, parse(SYMBOL_FONT)?)));
    parsed.as_ref().ok_or(PdfError::Font)
}

/// The tags that mark each face's subset in a document's font names.
const SUBSET_TAGS: [&str; 2] = ["WAYBKA", "WAYBKB"];

/// The faces added to `doc` under the names every run of text on its pages
/// gives them, each cut down to the characters `set` says it set (a face
/// that set none is left out).
fn add_fonts(
    doc: &mut PdfDocument,
    metrics: &Metrics,
    set: &[BTreeSet<char>; 2],
) -> Result<(), PdfError> {
    let faces = metrics.fonts().into_iter().zip(set);
    for ((id, tag), (font, chars)) in layout::font_ids().into_iter().zip(SUBSET_TAGS).zip(faces) {
        if !chars.is_empty() {
            let font = printpdf::PdfFont::new(subset::subset_to(font, chars, tag)?);
            doc.resources.fonts.map.insert(id, font);
        }
    }
    Ok(())
}

/// The laid-out pages without the PDF around them: what each page draws and
/// where, for checks that nothing leaves the printable area.
pub fn pages(data: &CampaignData, sheets: &[Sheet], paper: Paper) -> Result<Vec<Page>, PdfError> {
    let metrics = metrics()?;
    let layout = lay_out(&data.settings.name, paper, metrics, &mut |l| {
        draw_sheets(l, data, sheets, &mut |_| true)
    })?;
    Ok(layout.pages)
}

/// The laid-out pages of a player's handout.
pub fn handout_pages(h: &Handout, paper: Paper) -> Result<Vec<Page>, PdfError> {
    let metrics = metrics()?;
    let layout = lay_out(&h.view.settings.name, paper, metrics, &mut |l| {
        handout::handout(l, h);
        Ok(())
    })?;
    Ok(layout.pages)
}

/// A player's handout as one PDF document.
pub fn render_handout(h: &Handout, paper: Paper) -> Result<Vec<u8>, PdfError> {
    let title = format!("{} – {}", h.view.settings.name, h.title());
    save(&title, &h.view.settings.name, paper, &mut |l| {
        handout::handout(l, h);
        Ok(())
    })
    .map(|(bytes, _)| bytes)
}

/// Renders `sheets` into one PDF document.
pub fn render(
    data: &CampaignData,
    sheets: &[Sheet],
    paper: Paper,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<Vec<u8>, PdfError> {
    render_counted(data, sheets, paper, progress).map(|(bytes, _)| bytes)
}

/// Renders `sheets` into one PDF document, and says how many pages it has.
pub fn render_counted(
    data: &CampaignData,
    sheets: &[Sheet],
    paper: Paper,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<(Vec<u8>, usize), PdfError> {
    let title = format!("{} – sheets", data.settings.name);
    save(&title, &data.settings.name, paper, &mut |l| {
        draw_sheets(l, data, sheets, progress)
    })
}

/// The PDF document of the pages `draw` lays out, and its page count.
fn save(
    title: &str,
    campaign: &str,
    paper: Paper,
    draw: &mut dyn FnMut(&mut Layout<'_>) -> Result<(), PdfError>,
) -> Result<(Vec<u8>, usize), PdfError> {
    let metrics = metrics()?;
    let mut doc = PdfDocument::new(title);
    let now = OffsetDateTime::now_utc();
    doc.metadata.info.creation_date = now;
    doc.metadata.info.modification_date = now;
    doc.metadata.info.metadata_date = now;
    doc.metadata.info.creator = "Waybook".to_owned();
    let layout = lay_out(campaign, paper, metrics, draw)?;
    add_fonts(&mut doc, metrics, &layout.set)?;
    let count = layout.pages.len();
    let (w, h) = paper.size_mm();
    let pages = (layout.pages.into_iter())
        .map(|p| PdfPage::new(printpdf::Mm(w), printpdf::Mm(h), p.ops))
        .collect();
    let mut pdf = doc
        .with_pages(pages)
        .to_lopdf_document(&PdfSaveOptions::default(), &mut Vec::new());
    // Streams compressed, and the pages' small objects packed into
    // compressed object streams (PDF 1.5).
    pdf.compress();
    pdf.version = "1.5".to_owned();
    let options = lopdf::SaveOptions::builder()
        .use_object_streams(true)
        .use_xref_streams(true)
        .compression_level(9)
        .build();
    let mut bytes = Vec::new();
    pdf.save_with_options(&mut bytes, options)
        .map_err(|e| PdfError::Write(e.to_string()))?;
    Ok((bytes, count))
}

/// Every sheet of the whole roster, by name.
pub fn whole_roster(data: &CampaignData) -> Vec<Sheet> {
    let mut characters: Vec<_> = data.characters.values().collect();
    characters.sort_by_key(|c| c.name.to_lowercase());
    characters
        .into_iter()
        .map(|c| Sheet::Character(c.id))
        .collect()
}

/// A holder's stacks as a table, with `empty` printed when there are none.
fn holdings_table(l: &mut Layout<'_>, data: &CampaignData, holder: Holder, empty: &str) {
    let rows: Vec<Vec<String>> = (data.holding_rows(holder).into_iter())
        .map(Vec::from)
        .collect();
    if rows.is_empty() {
        blocks::line(l, "", empty);
    } else {
        blocks::table(l, &HOLDINGS_COLUMNS, &rows);
    }
    let totals = data.totals_of(holder);
    blocks::line(l, "Total", &totals.carried_words());
}

const HOLDINGS_COLUMNS: [Column<'static>; 5] = [
    Column::left("Item", 4.0),
    Column::left("Category", 1.5),
    Column::right("Qty", 0.8),
    Column::right("Weight", 1.2),
    Column::right("Food units", 1.3),
];

/// Page size in points.
pub fn page_size(paper: Paper) -> (f32, f32) {
    let (w, h) = paper.size_mm();
    (layout::mm(w), layout::mm(h))
}
