// The offers of GameService: take backs (at once against bots, agreed
// between people) and draws, each answering only the offer and the ply it
// names (game_service.h). The offers pending (draw, take-back, rematch) and
// the rematch made are stored with the game (Store::set_offers), so that
// every process of the site shows and answers them.
#include "server/game_service.h"
#include "server/match.h"
#include "server/room.h"

namespace server {

using nlohmann::json;

ApiResult GameService::undo_for_locked(const RoomPtr& room, int seat) {
  Match& m = *room->match;
  std::unique_ptr<Match> probe = m.clone();
  int plies = 0;
  bool found = false;
  while (probe->undo()) {
    ++plies;
    if (probe->turn() == seat) {
      found = true;
      break;
    }
  }
  if (!found) return fail(409, "there is no move of " + m.seats()[seat] + " to take back");
  const bool bot_next = probe->turn() >= 0 && bot_level(room->seats[probe->turn()].kind) > 0;
  const Now now = clock_now();
  auto clock = clock_after(*room, *probe, now, false);
  const auto record = clock_record(clock, now);
  if (auto ok = store_.truncate_moves(room->id, m.ply() - plies, probe->result(), probe->reason(), bot_next,
                                      record ? &*record : nullptr);
      !ok)
    return store_failed(ok);
  for (int i = 0; i < plies; ++i) m.undo();
  room->clock = std::move(clock);
  arm_flag(room);
  stop_bot(*room);
  room->end_offers();
  room->declined.clear();
  ++room->epoch;
  maybe_start_bot(room);
  return {200, changed(*room)};
}

bool GameService::at_named_ply(const Room& room, const json& body, ApiResult& error) const {
  if (!body.contains("ply")) return true;
  if (!body["ply"].is_number_integer()) {
    error = fail(400, "ply must be a whole number: the ply of the game the request answers");
    return false;
  }
  const int ply = room.match->ply();
  if (body["ply"].get<std::int64_t>() == ply) return true;
  error = fail(409, "the game has moved on: it is at ply " + std::to_string(ply) + ", not " +
                        body["ply"].dump() + "; nothing was changed");
  return false;
}

namespace {

// The body's `name` ("accept", "decline"), checked: true when it only
// answers the other side's offer so.
core::Expected<bool> answers(const json& body, const std::string& name) {
  if (!body.is_object())
    return core::error("the body must be a JSON object such as {\"" + name + "\": true}");
  if (!body.contains(name)) return false;
  if (!body[name].is_boolean()) return core::error(name + " must be true or false");
  return body[name].get<bool>();
}

core::Expected<bool> accepts(const json& body) {
  const auto accept = answers(body, "accept");
  const auto decline = answers(body, "decline");
  if (!decline) return decline;
  if (accept && *accept && *decline) return core::error("accept and decline cannot both be true");
  return accept;
}

bool declines(const json& body) { return body.is_object() && body.value("decline", false) == true; }

}  // namespace

ApiResult GameService::takeback(const std::string& id, const SeatKey& key, const json& body) {
  const auto accept = accepts(body);
  if (!accept) return fail(400, accept.error());
  auto [room, lock, seat, error] = seated(id, key);
  if (seat < 0) return error;
  if (!at_named_ply(*room, body, error)) return error;
  note_here(*room, seat, clock_now());
  if (declines(body)) return decline_locked(room, seat, "takeback");
  const std::string before = offers_text(*room);
  if (room->rated && room->match->over()) return fail(409, "a rated game that has ended stays ended");
  if (others_are_bots(*room, seat)) return undo_for_locked(room, seat);
  // Bots take a move back whenever the people do; every person with a say must.
  const unsigned needed = room->match->agreement_seats() & people_seats(*room);
  if (!(needed >> seat & 1u))
    return fail(409, room->match->seats()[seat] + " is out of the game and has no say in a take-back");
  if (room->takeback_offer < 0) {
    // An accept that finds no offer (a move withdrew it) must not become
    // an offer of its own.
    if (*accept) return fail(409, "the take-back offer is gone: nothing to accept; nothing was changed");
    std::unique_ptr<Match> probe = room->match->clone();
    if (!probe->undo()) return fail(409, "there is no move to take back");
    room->takeback_offer = seat;
  } else if (room->takeback_agreed >> seat & 1u) {
    // The same seat again changes nothing, so nothing is pushed again.
    return {200, state_of(*room)};
  }
  room->takeback_agreed |= 1u << seat;
  if ((room->takeback_agreed & needed) == needed) return undo_for_locked(room, room->takeback_offer);
  return store_offers_locked(room, before);
}

ApiResult GameService::draw(const std::string& id, const SeatKey& key, const json& body) {
  const auto accept = accepts(body);
  if (!accept) return fail(400, accept.error());
  auto [room, lock, seat, error] = seated(id, key);
  if (seat < 0) return error;
  Match& m = *room->match;
  if (m.over()) return fail(409, "the game is over (" + m.reason() + ")");
  if (!at_named_ply(*room, body, error)) return error;
  note_here(*room, seat, clock_now());
  if (declines(body)) return decline_locked(room, seat, "draw");
  const std::string before = offers_text(*room);
  // Every seat with a say must agree, one offer per seat (chaturaji/agreement.h).
  const unsigned needed = m.agreement_seats();
  if (!(needed >> seat & 1u))
    return fail(409, m.seats()[seat] + " is out of the game and has no say in a draw");
  if (needed & ~people_seats(*room)) return fail(409, "the bot does not take draw offers");
  if (room->draw_offer < 0) {
    if (*accept) return fail(409, "the draw offer is gone: nothing to accept; nothing was changed");
    room->draw_offer = seat;
  } else if (room->draw_agreed >> seat & 1u) {
    // The same offer again changes nothing, so nothing is pushed again.
    return {200, state_of(*room)};
  }
  room->draw_agreed |= 1u << seat;
  if ((room->draw_agreed & needed) != needed) return store_offers_locked(room, before);
  return act_locked(room, clock_now(), [](Match& match) { match.agree_draw(); });
}

ApiResult GameService::decline_locked(const RoomPtr& room, int seat, const std::string& what) {
  const std::string before = offers_text(*room);
  int& offer = what == "draw"       ? room->draw_offer
               : what == "takeback" ? room->takeback_offer
                                    : room->rematch_offer;
  unsigned& agreed = what == "draw"       ? room->draw_agreed
                     : what == "takeback" ? room->takeback_agreed
                                          : room->rematch_agreed;
  const std::string words = what == "takeback" ? "take-back" : what;
  if (offer < 0) return fail(409, "the " + words + " offer is gone: nothing to decline; nothing was changed");
  if (agreed >> seat & 1u)
    return fail(409, "you agreed to the " + words + " offer: it is not yours to decline");
  offer = -1;
  agreed = 0;
  room->declined = what;
  room->declined_by = seat;
  return store_offers_locked(room, before);
}

ApiResult GameService::store_offers_locked(const RoomPtr& room, const std::string& before) {
  const std::string after = offers_text(*room);
  if (after == before) return {200, changed(*room)};
  if (auto ok = store_.set_offers(room->id, room->match->ply(), before, after, room->match->over()); !ok)
    return offers_refused_locked(
        room, before, ok,
        "the game changed on another of the site's processes a moment ago (a move, an "
        "offer or an answer); nothing was changed: look again and answer what is there now");
  return {200, changed(*room)};
}

ApiResult GameService::offers_refused_locked(const RoomPtr& room, const std::string& before,
                                             const WriteResult& refused, const std::string& conflict) {
  restore_offers(*room, before);
  if (refused.fault != WriteResult::Fault::Conflict) return store_failed(refused);
  refresh_locked(room);
  return fail(409, conflict);
}

namespace {

// Which offer a stored text names, and back (GameRecord::offers).
json offer_entry(int seat, unsigned agreed) { return json::array({seat, agreed}); }

}  // namespace

std::string GameService::offers_text(const Room& room) {
  json offers = json::object();
  if (room.draw_offer >= 0) offers["draw"] = offer_entry(room.draw_offer, room.draw_agreed);
  if (room.takeback_offer >= 0) offers["takeback"] = offer_entry(room.takeback_offer, room.takeback_agreed);
  if (room.rematch_offer >= 0) offers["rematch"] = offer_entry(room.rematch_offer, room.rematch_agreed);
  if (!room.rematch_id.empty()) offers["rematch_id"] = room.rematch_id;
  if (!room.declined.empty()) offers["declined"] = json::array({room.declined, room.declined_by});
  return offers.empty() ? "" : offers.dump();
}

void GameService::restore_offers(Room& room, const std::string& text) {
  const std::string rematch_was = room.rematch_id;
  read_offers(room, text);
  // Another rematch (or none): the tokens known here were another game's.
  if (room.rematch_id != rematch_was) room.rematch_tokens.clear();
}

void GameService::read_offers(Room& room, const std::string& text) {
  room.end_offers();
  room.rematch_offer = -1;
  room.rematch_agreed = 0;
  room.rematch_id.clear();
  if (text.empty()) return;
  const json offers = json::parse(text, nullptr, false);
  if (!offers.is_object()) return;
  const int seats = int(room.seats.size());
  const auto read = [&](const char* name, int& offer, unsigned& agreed) {
    const json& entry = offers.value(name, json());
    if (!entry.is_array() || entry.size() != 2 || !entry[0].is_number_integer() ||
        !entry[1].is_number_unsigned())
      return;
    const int seat = entry[0].get<int>();
    if (seat < 0 || seat >= seats) return;
    offer = seat;
    agreed = entry[1].get<unsigned>();
  };
  read("draw", room.draw_offer, room.draw_agreed);
  read("takeback", room.takeback_offer, room.takeback_agreed);
  read("rematch", room.rematch_offer, room.rematch_agreed);
  if (const json& id = offers.value("rematch_id", json()); id.is_string())
    room.rematch_id = id.get<std::string>();
  const json& declined = offers.value("declined", json());
  if (declined.is_array() && declined.size() == 2 && declined[0].is_string() &&
      declined[1].is_number_integer() && declined[1].get<int>() >= 0 && declined[1].get<int>() < seats) {
    room.declined = declined[0].get<std::string>();
    room.declined_by = declined[1].get<int>();
  }
}

}  // namespace server
