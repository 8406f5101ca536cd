//! How Foundry VTT draws from a roll table, read into Waybook's rows, one
//! result a total (issue 50, 21). Foundry's `RollTable#roll` (the same
//! from version 11 to 14) rolls the formula and draws every result whose
//! range holds the total (`getResultsForRoll`); when none does, it rolls
//! again ("Continue rolling until one or more results are recovered") up
//! to 10,000 times; a formula that is a plain number ("1") always gives
//! that number. So a table Foundry accepts may have results on the same
//! total, ranges that overlap in part, totals no result holds, and a
//! formula of no dice. Waybook reads each as the issue that brought it
//! reads Foundry (issue 50, 21): the results on a total are one row that
//! gives them all, in the file's order, joined by " · " (ranges that
//! overlap in part are cut where they meet); a gap draws nothing, its row
//! saying so ([`NOTHING`]; where Foundry itself would roll again, the GM
//! may); a formula "N" is a d1 plus N − 1, whose one total draws every
//! result on N.

use crate::model::DiceText;
use waybook_rules::expr::{DiceExpr, Keep};

/// What joins the results drawn on the same total in one row.
pub const TOGETHER: &str = " · ";

/// The row of a total no result covers: a gap draws nothing.
pub const NOTHING: &str = "(nothing: no result on this total)";

/// Totals `from` to `to` and the results drawn on each of them, by their
/// place among the results given (none: a gap, which draws nothing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    pub from: i64,
    pub to: i64,
    pub results: Vec<usize>,
}

/// The totals of `ranges` (each a result's, lowest first, in the order
/// the results are given) cut where ranges start and end, each with the
/// results drawn on it; the totals `rolls` reaches that no range covers
/// as segments of no result. A range beyond `rolls` is kept (it cannot
/// be rolled, which the table then says).
pub fn segments(ranges: &[(i64, i64)], rolls: (i64, i64)) -> Vec<Segment> {
    // Each result's place and range, the first to start first.
    let mut order: Vec<(usize, (i64, i64))> = ranges.iter().copied().enumerate().collect();
    order.sort_by_key(|&(_, (from, _))| from);
    let mut starting = order.into_iter().peekable();
    let mut cuts: Vec<i64> = (ranges.iter())
        .flat_map(|&(from, to)| [from, to + 1])
        .chain([rolls.0, rolls.1 + 1])
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut out: Vec<Segment> = Vec::new();
    // The results drawn on the totals from `from`: each one's place and
    // the last total its range holds.
    let mut active: Vec<(usize, i64)> = Vec::new();
    for pair in cuts.windows(2) {
        let &[from, next_cut] = pair else { continue };
        let to = next_cut - 1;
        active.retain(|&(_, last)| last >= from);
        while let Some((i, (_, last))) = starting.next_if(|&(_, (start, _))| start <= from) {
            active.push((i, last));
        }
        active.sort_unstable();
        if active.is_empty() && !(rolls.0..=rolls.1).contains(&from) {
            continue;
        }
        let results = || active.iter().map(|&(i, _)| i);
        match out.last_mut() {
            Some(last) if last.to + 1 == from && last.results.iter().copied().eq(results()) => {
                last.to = to;
            }
            _ => out.push(Segment {
                from,
                to,
                results: results().collect(),
            }),
        }
    }
    out
}

/// A formula that is a plain number, as dice always giving it: "1" is d1.
pub fn constant(formula: &str) -> Option<DiceText> {
    let total: i32 = formula.trim().parse().ok()?;
    let expr = DiceExpr {
        count: 1,
        sides: 1,
        keep: Keep::All,
        modifier: total.checked_sub(1)?,
    };
    Some(DiceText::from(expr))
}

/// Totals as a GM lists them: "3", "3-5", "3 or 6", "27, 31 or 56"; past
/// a dozen, the first dozen and how many there are in all.
pub fn totals_words(segments: &[&Segment]) -> String {
    const SHOWN: usize = 12;
    let mut words: Vec<String> = (segments.iter().take(SHOWN))
        .map(|s| range_words(s.from, s.to))
        .collect();
    if segments.len() > SHOWN {
        return format!("{}, … ({} in all)", words.join(", "), segments.len());
    }
    match words.pop() {
        Some(last) if !words.is_empty() => format!("{} or {last}", words.join(", ")),
        Some(last) => last,
        None => String::new(),
    }
}

/// "3" or "3-5".
pub fn range_words(from: i64, to: i64) -> String {
    if from == to {
        from.to_string()
    } else {
        format!("{from}-{to}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(ranges: &[(i64, i64)], rolls: (i64, i64)) -> Vec<(i64, i64, Vec<usize>)> {
        (segments(ranges, rolls).into_iter())
            .map(|s| (s.from, s.to, s.results))
            .collect()
    }

    #[test]
    fn ranges_are_cut_where_they_meet_and_gaps_kept() {
        assert_eq!(
            cut(&[(1, 2), (3, 6)], (1, 6)),
            [(1, 2, vec![0]), (3, 6, vec![1])]
        );
        assert_eq!(
            cut(&[(3, 8), (1, 5)], (1, 8)),
            [(1, 2, vec![1]), (3, 5, vec![0, 1]), (6, 8, vec![0])],
            "drawn together in the file's order"
        );
        assert_eq!(
            cut(&[(1, 1), (4, 4)], (1, 6)),
            [
                (1, 1, vec![0]),
                (2, 3, vec![]),
                (4, 4, vec![1]),
                (5, 6, vec![])
            ]
        );
        assert_eq!(
            cut(&[(1, 1), (1, 1), (1, 1)], (1, 1)),
            [(1, 1, vec![0, 1, 2])]
        );
        assert_eq!(
            cut(&[(5, 7)], (1, 4)),
            [(1, 4, vec![]), (5, 7, vec![0])],
            "a range beyond the dice is kept, to be refused"
        );
    }

    #[test]
    fn a_number_is_dice_that_always_give_it() {
        let one = constant("1").expect("dice");
        assert_eq!((one.expr().min(), one.expr().max()), (1, 1));
        assert_eq!(one.as_str(), "d1");
        let three = constant(" 3 ").expect("dice");
        assert_eq!((three.expr().min(), three.expr().max()), (3, 3));
        assert!(constant("1d6").is_none());
    }

    #[test]
    fn totals_are_listed_as_a_gm_says_them() {
        let s = |from, to| Segment {
            from,
            to,
            results: Vec::new(),
        };
        let (a, b, c) = (s(27, 27), s(31, 33), s(56, 56));
        assert_eq!(totals_words(&[&a]), "27");
        assert_eq!(totals_words(&[&a, &b, &c]), "27, 31-33 or 56");
        let many: Vec<Segment> = (1..=20).map(|n| s(n * 2, n * 2)).collect();
        let many: Vec<&Segment> = many.iter().collect();
        assert!(totals_words(&many).ends_with("24, … (20 in all)"));
    }
}
