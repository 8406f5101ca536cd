//! What the table's tests share: the demo's campaign with the table open
//! on loopback (`demo.rs`), and a phone's plain HTTP questions to it.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;
use waybook_table::links::{Link, Target};
use waybook_table::server::Table;

pub use crate::demo::{Open, open, unpublished};

/// An answer: its status, its headers (lower-case names), its body.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        (self.headers.iter())
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The answer without the headers that change with the moment.
    pub fn timeless(&self) -> Answer {
        let mut a = self.clone();
        a.headers.retain(|(n, _)| n != "date");
        a
    }
}

/// Sends `request` as it is to the table, and reads the whole answer.
pub fn send(table: &Table, request: &[u8]) -> Option<Answer> {
    let mut stream = TcpStream::connect_timeout(&table.address(), Duration::from_secs(5)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .ok()?;
    stream.write_all(request).ok()?;
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    parse(&bytes)
}

pub fn parse(bytes: &[u8]) -> Option<Answer> {
    let end = bytes.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&bytes[..end]);
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Some(Answer {
        status,
        headers,
        body: bytes[end + 4..].to_vec(),
    })
}

pub fn get(table: &Table, path: &str) -> Answer {
    let request = format!("GET {path} HTTP/1.1\r\nHost: table\r\nConnection: close\r\n\r\n");
    send(table, request.as_bytes()).expect("an answer")
}

pub fn path_of(links: &[Link], target: Target) -> String {
    (links.iter())
        .find(|l| l.target == target)
        .and_then(Link::path)
        .expect("an open link")
}
