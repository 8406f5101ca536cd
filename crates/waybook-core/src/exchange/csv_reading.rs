//! How Waybook reads a spreadsheet's CSV: the separator its first row
//! uses (a comma, or a semicolon or tab as a European spreadsheet writes
//! them, or a bar "|" as Foundry's roll-table importers take them, where
//! results hold commas) and a reader set for it, cells trimmed and rows of
//! any length.

/// What separates the cells of a CSV file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Separator {
    #[default]
    Comma,
    Semicolon,
    Tab,
    Bar,
}

impl Separator {
    fn byte(self) -> u8 {
        match self {
            Separator::Comma => b',',
            Separator::Semicolon => b';',
            Separator::Tab => b'\t',
            Separator::Bar => b'|',
        }
    }

    /// How the window names it: "commas".
    pub fn words(self) -> &'static str {
        match self {
            Separator::Comma => "commas",
            Separator::Semicolon => "semicolons",
            Separator::Tab => "tabs",
            Separator::Bar => "bars (|)",
        }
    }

    /// The separator of `text`: the one its first row with cells has most
    /// of outside quotes (a bar, then a comma, on a tie); a comma when none
    /// is there.
    pub fn of(text: &str) -> Self {
        let heading = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        let mut quoted = false;
        let mut counts = [0usize; 4];
        for c in heading.chars() {
            match c {
                '"' => quoted = !quoted,
                ',' if !quoted => counts[0] += 1,
                ';' if !quoted => counts[1] += 1,
                '\t' if !quoted => counts[2] += 1,
                '|' if !quoted => counts[3] += 1,
                _ => {}
            }
        }
        let [commas, semicolons, tabs, bars] = counts;
        // Bars are chosen over commas only because results hold commas.
        if bars > 0 && bars >= commas.max(semicolons).max(tabs) {
            Separator::Bar
        } else if tabs > commas.max(semicolons) {
            Separator::Tab
        } else if semicolons > commas {
            Separator::Semicolon
        } else {
            Separator::Comma
        }
    }

    /// A reader of `text` cut at this separator, without a heading row of
    /// its own (the importer reads it).
    pub fn reader(self, text: &str) -> csv::Reader<&[u8]> {
        csv::ReaderBuilder::new()
            .delimiter(self.byte())
            .flexible(true)
            .has_headers(false)
            .trim(csv::Trim::All)
            .from_reader(text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::Separator;

    #[test]
    fn the_heading_row_says_the_separator() {
        assert_eq!(Separator::of("d6,Result\n1,a;b\n"), Separator::Comma);
        assert_eq!(
            Separator::of("\nd6;Result\n1;\"a, b\"\n"),
            Separator::Semicolon
        );
        assert_eq!(Separator::of("d6\tResult\n"), Separator::Tab);
        assert_eq!(
            Separator::of("\"Name; the hero's\",XP\n"),
            Separator::Comma,
            "a separator inside quotes does not count"
        );
        assert_eq!(Separator::of("Name\n"), Separator::Comma);
        assert_eq!(Separator::of("01-04|Sacks, two\n"), Separator::Bar);
        let mut reader = Separator::Semicolon.reader("d6; Result\n1;\"Wolves; two\"\n");
        let rows: Vec<Vec<String>> = reader
            .records()
            .map(|r| r.expect("a row").iter().map(str::to_owned).collect())
            .collect();
        assert_eq!(rows, [["d6", "Result"], ["1", "Wolves; two"]]);
    }
}
