// SPDX-License-Identifier: GPL-3.0-or-later
// A UCI front end for the published Rust Chaturaji engine (chaturaji-engine's
// core and engine crates), speaking the four-handed UCI of the Chaturanga
// project (../shared/spec/api.md) for UCI_Variant chaturaji-points only.
//
// Moves are the project's text (`e2e3`, `pass`); squares are numbered a1 = 0
// .. h8 = 63 on both sides and the colour order Red, Blue, Yellow, Green is the
// same, so translating is a look-up in the engine's own move list.
// The engine searches with Best-Reply Search under iterative deepening (its
// default in its own front end), without opening book or network.

use std::cell::Cell;
use std::io::{self, BufRead, Write};
use std::rc::Rc;
use std::time::{Duration, Instant};

use chaturaji_core::board::{sq, Board, Move};
use chaturaji_core::piece::{Color, PieceKind};
use chaturaji_core::rules::Rules;
use chaturaji_engine::search::{Engine, SearchAlgo};

const VARIANT: &str = "chaturaji-points";
// The engine asks its stop predicate once every 2048 nodes.
const NODES_PER_CHECK: u64 = 2048;

fn square_name(s: u8) -> String {
    format!("{}{}", (b'a' + (s & 7)) as char, (s >> 3) + 1)
}

fn parse_square(t: &[u8]) -> Option<u8> {
    if t.len() != 2 || !(b'a'..=b'h').contains(&t[0]) || !(b'1'..=b'8').contains(&t[1]) {
        return None;
    }
    Some(sq(t[0] - b'a', t[1] - b'1'))
}

fn move_text(mv: &Move) -> String {
    format!("{}{}", square_name(mv.from), square_name(mv.to))
}

fn next_active(board: &Board, from: Color) -> Color {
    let mut c = from.next();
    for _ in 0..4 {
        if board.active[c.idx()] {
            break;
        }
        c = c.next();
    }
    c
}

// Plays one move given in the project's text onto `board`.
fn play_text(board: &Board, text: &str) -> Result<Board, String> {
    match text {
        "pass" => {
            if !Rules::legal_moves(board).is_empty() {
                return Err(format!("pass: {} has moves", board.to_move.name()));
            }
            let mut next = board.clone();
            next.to_move = next_active(board, board.to_move);
            Ok(next)
        }
        "resign" | "timeout" => Ok(Rules::resign(board)),
        _ => {
            let b = text.as_bytes();
            let (from, to) = match (
                b.get(0..2).and_then(parse_square),
                b.get(2..4).and_then(parse_square),
            ) {
                (Some(f), Some(t)) if b.len() == 4 || (b.len() == 5 && b[4].to_ascii_lowercase() == b'r') => {
                    (f, t)
                }
                _ => return Err(format!("'{}' is not a move", text)),
            };
            Rules::legal_moves(board)
                .into_iter()
                .find(|m| m.from == from && m.to == to)
                .map(|m| Rules::apply_with_effects(board, m))
                .ok_or_else(|| format!("illegal move '{}' for {}", text, board.to_move.name()))
        }
    }
}

fn colour_of_letter(c: char) -> Option<Color> {
    match c.to_ascii_lowercase() {
        'r' => Some(Color::Red),
        'b' => Some(Color::Blue),
        'y' => Some(Color::Yellow),
        'g' => Some(Color::Green),
        _ => None,
    }
}

fn kind_of_letter(c: char) -> Option<PieceKind> {
    match c {
        'P' => Some(PieceKind::Pawn),
        'N' => Some(PieceKind::Knight),
        'B' => Some(PieceKind::Bishop),
        'R' => Some(PieceKind::Boat),
        'K' => Some(PieceKind::King),
        _ => None,
    }
}

// The project's four-player notation: <board> <turn> <out> <scores> <clock>.
fn parse_fen(fields: &[&str]) -> Result<Board, String> {
    if fields.len() < 4 {
        return Err("needs board, turn, out and scores".into());
    }
    let mut board = Board::empty();
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("board '{}' does not have 8 ranks", fields[0]));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let r = 7 - i as u8;
        let mut file = 0u8;
        let mut chars = rank.chars();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                file += d as u8;
                continue;
            }
            let colour = colour_of_letter(c).ok_or_else(|| format!("bad colour letter '{}'", c))?;
            let kind = chars
                .next()
                .and_then(kind_of_letter)
                .ok_or_else(|| format!("bad piece after '{}'", c))?;
            if file > 7 {
                return Err(format!("rank {} is too long", r + 1));
            }
            board.bb[colour.idx()][kind.idx()] |= 1u64 << sq(file, r);
            file += 1;
        }
        if file != 8 {
            return Err(format!("rank {} does not have 8 squares", r + 1));
        }
    }
    board.to_move = fields[1]
        .chars()
        .next()
        .and_then(colour_of_letter)
        .ok_or("bad turn")?;
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let colour = colour_of_letter(c).ok_or_else(|| format!("bad out letter '{}'", c))?;
            board.active[colour.idx()] = false;
        }
    }
    let scores: Vec<&str> = fields[3].split(',').collect();
    if scores.len() != 4 {
        return Err("scores need four numbers".into());
    }
    for (i, s) in scores.iter().enumerate() {
        board.scores.0[i] = s.parse().map_err(|_| format!("bad score '{}'", s))?;
    }
    Ok(board)
}

struct Session {
    engine: Engine,
    board: Option<Board>,
}

fn set_position(words: &[&str], s: &mut Session, out: &mut impl Write) {
    s.board = None;
    let mut i = 1;
    let mut board = if words.get(i) == Some(&"startpos") {
        i += 1;
        Board::default()
    } else if words.get(i) == Some(&"fen") {
        let start = i + 1;
        while i < words.len() && words[i] != "moves" {
            i += 1;
        }
        match parse_fen(&words[start..i]) {
            Ok(b) => b,
            Err(e) => {
                let _ = writeln!(out, "info string error: bad position: {}", e);
                return;
            }
        }
    } else {
        let _ = writeln!(
            out,
            "info string error: position needs 'startpos' or 'fen <position>'"
        );
        return;
    };
    if words.get(i) == Some(&"moves") {
        for w in &words[i + 1..] {
            match play_text(&board, w) {
                Ok(b) => board = b,
                Err(e) => {
                    let _ = writeln!(out, "info string error: {}", e);
                    return;
                }
            }
        }
    }
    s.board = Some(board);
}

fn go(words: &[&str], s: &mut Session, out: &mut impl Write) {
    let board = match &s.board {
        Some(b) => b.clone(),
        None => {
            let _ = writeln!(out, "info string error: no valid position\nbestmove (none)");
            return;
        }
    };
    if Rules::is_game_over(&board) {
        let _ = writeln!(out, "info string the game is over\nbestmove (none)");
        return;
    }
    let mut movetime: Option<u64> = None;
    let mut nodes: Option<u64> = None;
    let mut depth: u8 = 64;
    let mut i = 1;
    while i + 1 < words.len() {
        let v: Option<u64> = words[i + 1].parse().ok();
        match (words[i], v) {
            ("movetime", Some(v)) => movetime = Some(v),
            ("nodes", Some(v)) => nodes = Some(v),
            ("depth", Some(v)) => depth = v.clamp(1, 64) as u8,
            _ => {}
        }
        i += 2;
    }
    if movetime.is_none() && nodes.is_none() && depth == 64 {
        movetime = Some(1000);
    }
    let legal = Rules::legal_moves(&board);
    if legal.is_empty() {
        let _ = writeln!(out, "bestmove pass");
        return;
    }
    let started = Instant::now();
    let deadline = movetime.map(|ms| started + Duration::from_millis(ms));
    let checks_allowed = nodes.map(|n| (n + NODES_PER_CHECK - 1) / NODES_PER_CHECK);
    let checks = Rc::new(Cell::new(0u64));
    let seen = Rc::clone(&checks);
    s.engine.set_stop_check(move || {
        seen.set(seen.get() + 1);
        deadline.map_or(false, |d| Instant::now() >= d) || checks_allowed.map_or(false, |c| seen.get() >= c)
    });
    let r = s.engine.search_deepening(&board, SearchAlgo::Brs, depth, None);
    s.engine.clear_stop_check();
    let ms = started.elapsed().as_millis() as u64;
    let best = r.best_move.filter(|m| legal.contains(m)).unwrap_or(legal[0]);
    let _ = writeln!(
        out,
        "info depth {} nodes {} time {} nps {}",
        r.depth,
        r.nodes,
        ms,
        if ms > 0 { r.nodes * 1000 / ms } else { r.nodes }
    );
    let _ = writeln!(out, "bestmove {}", move_text(&best));
}

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut s = Session {
        engine: Engine::new(16),
        board: Some(Board::default()),
    };
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(_) => break,
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                let _ = writeln!(out, "id name chaturaji-engine (BRS) via chaturanga adapter");
                let _ = writeln!(
                    out,
                    "id author manfredmirsch/chaturaji-engine; adapter: Chaturanga project"
                );
                let _ = writeln!(
                    out,
                    "option name UCI_Variant type combo default {0} var {0}",
                    VARIANT
                );
                let _ = writeln!(out, "uciok");
            }
            Some("isready") => {
                let _ = writeln!(out, "readyok");
            }
            Some("setoption") => {
                if words.len() >= 5 && words[2] == "UCI_Variant" && words[4] != VARIANT {
                    let _ = writeln!(
                        out,
                        "info string error: only UCI_Variant {} is supported",
                        VARIANT
                    );
                }
            }
            Some("ucinewgame") => {
                s.engine.new_game();
                s.board = Some(Board::default());
            }
            Some("position") => set_position(&words, &mut s, &mut out),
            Some("go") => go(&words, &mut s, &mut out),
            Some("legal") => {
                // Not UCI: the engine's legal moves and scores in the current position, for tests.
                let moves: Vec<String> = s.board.as_ref().map_or(Vec::new(), |b| {
                    let mut v: Vec<String> = Rules::legal_moves(b).iter().map(move_text).collect();
                    if v.is_empty() && !Rules::is_game_over(b) {
                        v.push("pass".into());
                    }
                    v
                });
                let scores = s.board.as_ref().map_or([0; 4], |b| b.scores.as_array());
                let _ = writeln!(
                    out,
                    "legal {} scores {},{},{},{}",
                    moves.join(" "),
                    scores[0],
                    scores[1],
                    scores[2],
                    scores[3]
                );
            }
            Some("quit") => break,
            _ => {}
        }
        let _ = out.flush();
    }
}
