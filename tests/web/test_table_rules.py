"""The rules at the table: the "?" of a match and of a room opens that game's rules in a
dialog; Harf Takıl's first-time hints for its offer form and its tokens go once dismissed
and stay gone; a room's invitation uses the phone's share sheet where there is one; the
members of a room talk before the start."""

from __future__ import annotations

from typing import Any

from .conftest import PHONE, SCREENSHOTS
from .helpers import no_horizontal_scroll, quiet, register, unique

# The Web Share API as a phone has it: what was shared is kept for the test to read.
SHARE_SHEET = """Object.defineProperty(navigator, 'share', { configurable: true,
  value: (data) => { window.sharedData = data; return Promise.resolve(); } });"""


def open_rules(page: Any, title: str) -> Any:
    page.click("#table-rules")
    dialog = page.locator("dialog[open]")
    dialog.locator("h2.dialog-title", has_text=title).wait_for()
    return dialog


def test_rules_and_first_time_hints_at_a_harf_takil_table(open_page: Any) -> None:
    page = open_page(PHONE).page
    register(page, unique("kural"))
    page.wait_for_selector("#lj-lobby")
    page.click("#lj-solo")
    page.wait_for_selector("#lj-offer-form")
    dialog = open_rules(page, "Harf Takıl")
    assert "İpucu vermek" in dialog.inner_text()
    assert dialog.locator("a[href='#/rules/letterjam']").count() == 1
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / "table-rules-letterjam-phone.png"))
    dialog.locator("#table-rules-close").click()
    dialog.wait_for(state="detached")
    assert no_horizontal_scroll(page)

    offer_hint, token_hint = page.locator("#hint-lj-offer"), page.locator("#hint-lj-tokens")
    assert "Oyuncu olmayan sehpa" in offer_hint.inner_text()
    assert "kırmızı" in token_hint.inner_text()
    quiet(page)
    page.screenshot(path=str(SCREENSHOTS / "table-hints-letterjam-phone.png"), full_page=True)
    page.click("#hint-lj-offer-ok")
    offer_hint.wait_for(state="detached")
    page.reload()
    page.wait_for_selector("#lj-offer-form")
    token_hint.wait_for()
    assert offer_hint.count() == 0, "a dismissed hint came back"


def test_a_room_has_its_rules_and_shares_its_link(open_page: Any) -> None:
    player = open_page()
    page = player.page
    register(page, unique("paylas"))
    page.click("#cn-create")
    page.wait_for_selector("#room .room-team")
    open_rules(page, "Kelime Casusu").locator("#table-rules-close").click()
    # No share sheet in this desktop browser: the button copies the link.
    assert page.get_attribute("#room-copy", "data-share") == "copy"
    assert page.inner_text("#room-copy") == "Kopyala"
    link = page.input_value("#room-link")

    # A phone's browser: the same button opens the share sheet with the room's link.
    page.context.add_init_script(SHARE_SHEET)
    page.reload()
    page.wait_for_selector("#room-copy[data-share='native']")
    assert page.inner_text("#room-copy") == "Paylaş"
    page.click("#room-copy")
    page.wait_for_function("() => window.sharedData")
    assert page.evaluate("window.sharedData.url") == link
    # Leaving the room for the lobby takes the "?" away with the room.
    page.click("#nav-lobby")
    page.wait_for_selector("#cn-create")
    assert page.locator("#table-rules").count() == 0


def test_the_members_of_a_room_talk_before_the_start(open_page: Any) -> None:
    host, guest = open_page(), open_page(PHONE)
    guest.name = unique("sohbet")
    register(host.page, unique("oda"))
    register(guest.page, guest.name)
    host.page.click("#lj-create")
    host.page.wait_for_selector("#room .room-slot")
    guest.page.goto(host.page.input_value("#room-link"))
    guest.page.wait_for_selector("#room-chat")
    # Written as text, never as HTML.
    guest.page.fill("#room-chat-input", "<b>Başlayalım mı?</b>")
    guest.page.click("#room-chat-send")
    line = host.page.locator("#room-chat-log .chat-message", has_text="<b>Başlayalım mı?</b>")
    line.wait_for()
    assert guest.name in line.inner_text()
    assert host.page.locator("#room-chat-log b").count() == 0
    guest.page.locator("#room-chat-log .chat-message.mine", has_text="Başlayalım").wait_for()
    assert guest.page.input_value("#room-chat-input") == ""
    quiet(guest.page)
    guest.page.locator("#room-chat").scroll_into_view_if_needed()
    guest.page.screenshot(path=str(SCREENSHOTS / "room-chat-phone.png"))
