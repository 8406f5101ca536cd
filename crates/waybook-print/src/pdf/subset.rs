//! Each embedded face cut down to the glyphs a document sets: DejaVu Sans
//! is 750 KB whole, the glyphs of a sheet about 20 KB. Cut with allsorts,
//! the font library printpdf reads fonts with, and embedded as printpdf
//! embeds a whole face (its cmap and widths read from the subset).

use super::PdfError;
use allsorts::binary::read::ReadScope;
use allsorts::font_data::FontData;
use allsorts::get_name::fontcode_get_name;
use allsorts::subset::{CmapTarget, SubsetProfile, subset};
use allsorts::tables::{FontTableProvider, NameTable};
use allsorts::tag;
use printpdf::ParsedFont;
use std::collections::BTreeSet;

/// `font` holding only the glyphs of `chars`, renumbered, with a Unicode
/// cmap of its own; `.notdef` (glyph 0) first, as every font must have it.
/// Named as a subset is (ISO 32000-1, 9.6.4): `subset_tag`, six capitals unique in
/// the document, a plus, and the face's PostScript name.
pub fn subset_to(
    font: &ParsedFont,
    chars: &BTreeSet<char>,
    subset_tag: &str,
) -> Result<ParsedFont, PdfError> {
    let glyphs: BTreeSet<u16> = (chars.iter())
        .filter_map(|&c| font.lookup_glyph_index(u32::from(c)))
        .filter(|&glyph| glyph != 0)
        .collect();
    let ids: Vec<u16> = std::iter::once(0).chain(glyphs).collect();
    let file = (ReadScope::new(&font.original_bytes).read::<FontData<'_>>())
        .map_err(|_| PdfError::Font)?;
    let provider = (file.table_provider(font.font_index as usize)).map_err(|_| PdfError::Font)?;
    let bytes = subset(&provider, &ids, &SubsetProfile::Pdf, CmapTarget::Unicode)
        .map_err(|_| PdfError::Font)?;
    let mut cut = ParsedFont::from_bytes(&bytes, 0, &mut Vec::new()).ok_or(PdfError::Font)?;
    let name = (provider.read_table_data(tag::NAME).ok())
        .and_then(|table| fontcode_get_name(&table, NameTable::POSTSCRIPT_NAME).ok()?)
        .map_or_else(
            || "Font".to_owned(),
            |name| name.to_string_lossy().into_owned(),
        );
    cut.font_name = Some(format!("{subset_tag}+{name}"));
    Ok(cut)
}
