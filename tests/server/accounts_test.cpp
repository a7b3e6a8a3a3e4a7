// The parts of accounts that need no server: cookies, the same-origin
// check, the rules of names and passwords, password hashes.
#include <gtest/gtest.h>

#include "server/accounts/credentials.h"
#include "server/accounts/origin.h"
#include "server/accounts/password.h"
#include "server/accounts/session_id.h"

namespace server::accounts {
namespace {

TEST(SessionCookie, TheValueIsFoundAmongOtherCookies) {
  EXPECT_EQ(cookie_value("a=1; chaturanga_session=abc; b=2", SESSION_COOKIE), "abc");
  EXPECT_EQ(cookie_value("chaturanga_session=abc", SESSION_COOKIE), "abc");
  EXPECT_EQ(cookie_value("  chaturanga_session = \"q-1_\" ;x=y", SESSION_COOKIE), "q-1_");
  EXPECT_EQ(cookie_value("chaturanga_session=first; chaturanga_session=second", SESSION_COOKIE), "first");
}

TEST(SessionCookie, ANameThatOnlyEndsOrStartsLikeItIsNotIt) {
  EXPECT_EQ(cookie_value("my_chaturanga_session=abc", SESSION_COOKIE), "");
  EXPECT_EQ(cookie_value("chaturanga_session_old=abc", SESSION_COOKIE), "");
  EXPECT_EQ(cookie_value("", SESSION_COOKIE), "");
  EXPECT_EQ(cookie_value("chaturanga_session", SESSION_COOKIE), "");
  EXPECT_EQ(cookie_value(";;; =x", SESSION_COOKIE), "");
}

TEST(SessionCookie, TheCookieIsHttpOnlyLaxAndSecureOnlyOverTls) {
  const std::string plain = session_cookie("ID", false);
  EXPECT_EQ(plain.rfind("chaturanga_session=ID;", 0), 0u) << plain;
  for (const char* part : {"HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"})
    EXPECT_NE(plain.find(part), std::string::npos) << part;
  EXPECT_EQ(plain.find("Secure"), std::string::npos);
  EXPECT_NE(session_cookie("ID", true).find("; Secure"), std::string::npos);
  EXPECT_NE(expired_session_cookie(false).find("Max-Age=0"), std::string::npos);
}

TEST(SessionId, IdsAreFreshAndOnlyTheirHashIsKept) {
  const std::string a = new_session_id();
  const std::string b = new_session_id();
  EXPECT_EQ(a.size(), 43u);  // 32 bytes in base64url without padding
  EXPECT_NE(a, b);
  EXPECT_EQ(session_hash(a).size(), 64u);
  EXPECT_EQ(session_hash(a), session_hash(a));
  EXPECT_NE(session_hash(a), session_hash(b));
  EXPECT_EQ(session_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(SameOrigin, APageOfThisSiteMayWrite) {
  EXPECT_FALSE(from_another_site({"http://127.0.0.1:8080", "127.0.0.1:8080", ""}));
  EXPECT_FALSE(from_another_site({"https://Example.org", "example.org", "same-origin"}));
  EXPECT_FALSE(from_another_site({"https://example.org:443", "example.org", ""}));
  EXPECT_FALSE(from_another_site({"http://[::1]:8080", "[::1]:8080", ""}));
  EXPECT_FALSE(from_another_site({"", "example.org", ""}));  // not a browser
}

TEST(SameOrigin, APageOfAnotherSiteMayNot) {
  EXPECT_TRUE(from_another_site({"http://evil.example", "127.0.0.1:8080", ""}));
  EXPECT_TRUE(from_another_site({"http://127.0.0.1:9999", "127.0.0.1:8080", ""}));
  EXPECT_TRUE(from_another_site({"https://example.org", "example.org:8443", ""}));
  EXPECT_TRUE(from_another_site({"null", "example.org", ""}));
  EXPECT_TRUE(from_another_site({"", "example.org", "cross-site"}));
  EXPECT_TRUE(from_another_site({"", "example.org", "same-site"}));
  EXPECT_TRUE(from_another_site({"http://example.org.evil.example", "example.org", ""}));
}

TEST(Credentials, NamesAndPasswordsKeepTheirRules) {
  EXPECT_EQ(username_problem("ravi_7"), "");
  EXPECT_EQ(username_problem("A-b"), "");
  EXPECT_NE(username_problem("ab"), "");
  EXPECT_NE(username_problem(std::string(21, 'a')), "");
  EXPECT_NE(username_problem("ravi 7"), "");
  EXPECT_NE(username_problem("rävi"), "");
  EXPECT_EQ(password_problem("12345678"), "");
  EXPECT_NE(password_problem("1234567"), "");
  EXPECT_EQ(password_problem("ääääääää"), "");  // eight characters in sixteen bytes
  EXPECT_EQ(password_problem(std::string(256, 'x')), "");
  EXPECT_NE(password_problem(std::string(257, 'x')), "");
}

TEST(Password, AHashVerifiesItsPasswordOnly) {
  const std::string hash = hash_password("correct horse");
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u) << hash;
  EXPECT_EQ(hash.find("correct horse"), std::string::npos);
  EXPECT_TRUE(verify_password(hash, "correct horse"));
  EXPECT_FALSE(verify_password(hash, "correct horsf"));
  EXPECT_FALSE(verify_password(dummy_hash(), "correct horse"));
  EXPECT_NE(hash_password("correct horse"), hash);  // salted
}

}  // namespace
}  // namespace server::accounts
