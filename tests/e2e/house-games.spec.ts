/**
 * One round of each house game at 390 px, played by keyboard only (focus, then Enter or Space,
 * on controls found by role and name inside the game's frame), by a returning player in a fresh
 * browser context who bought the starter package (Gold and free Sweeps) and typed the game's
 * address. Each test checks that the header balance ends at before - bet + win, with the win the
 * game shows, that recall lists the round, and that the Fairness panel verifies it. Jacks or
 * Better's Gold hand is in game-frame.spec.ts; here it is played with Sweeps Coins. The last test
 * closes the tab during a blackjack hand and finishes that same hand in a new tab.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { HOUSE_GAME_IDS, type RoundAnswer } from '../../src/contract/games.ts';
import {
  klondikeKeyboardMove,
  type BlackjackTableView,
  type KlondikeTableView,
} from './support/games-cards.ts';
import {
  expectFairnessVerifies,
  expectHeaderAmount,
  expectRecalled,
  gamePath,
  headerAmount,
  nextRoundAnswer,
  openHouseGame,
  playerWithCoins,
  pressByKeyboard,
  STARTER_COINS,
  switchToSweeps,
} from './support/games-play.ts';

const button = (frame: FrameLocator, name: string | RegExp) =>
  frame.getByRole('button', { name, exact: typeof name === 'string' });

test.describe('house games by keyboard', () => {
  test('Lucky Scratch: buy a ticket, scratch a spot, reveal all; the prize shown is credited', async ({
    page,
    request,
  }) => {
    await playerWithCoins(page, request);
    const frame = await openHouseGame(page, HOUSE_GAME_IDS.scratchCard, 'Lucky Scratch', 'Buy ticket');
    await expectHeaderAmount(page, STARTER_COINS.gold);
    const before = await headerAmount(page);
    await expect(frame.getByText('Ticket 100 GC')).toBeVisible();

    const bought = nextRoundAnswer(page);
    await pressByKeyboard(button(frame, 'Buy ticket'));
    const ticket = await bought;
    expect(ticket.round.bet).toBe(100);
    // The price is taken at once.
    await expectHeaderAmount(page, before - 100);

    await pressByKeyboard(button(frame, 'Scratch spot 5'), 'Space');
    await expect(frame.getByRole('button', { name: /^Spot 5: / })).toBeVisible();
    await expect(frame.getByRole('status')).toContainText('8 to go');

    const redeemed = nextRoundAnswer(page);
    await pressByKeyboard(button(frame, 'Reveal all'));
    const { round } = await redeemed;
    expect(round.status).toBe('finished');
    const status = frame.getByRole('status');
    if (round.win > 0) await expect(status).toContainText(`You win ${round.win.toLocaleString('en-US')} GC`);
    else await expect(status).toContainText('No match this time');
    await expectHeaderAmount(page, before - 100 + round.win);
    await expect(button(frame, 'Buy ticket')).toBeEnabled();

    await expectFairnessVerifies(page);
    await expectRecalled(page, HOUSE_GAME_IDS.scratchCard, round);
  });

  test('Crown Jewels: bet up and down, spin; the balance moves by the bet and the win shown', async ({
    page,
    request,
  }) => {
    await playerWithCoins(page, request);
    const frame = await openHouseGame(page, HOUSE_GAME_IDS.slots, 'Crown Jewels', 'Spin');
    await expectHeaderAmount(page, STARTER_COINS.gold);
    const before = await headerAmount(page);

    const betShown = frame.getByText(/^Bet [\d,]+ GC$/);
    await expect(betShown).toHaveText('Bet 100 GC');
    await pressByKeyboard(button(frame, 'Increase bet'));
    await expect(betShown).toHaveText('Bet 200 GC');
    await pressByKeyboard(button(frame, 'Increase bet'), 'Space');
    await expect(betShown).toHaveText('Bet 500 GC');
    await pressByKeyboard(button(frame, 'Decrease bet'));
    await expect(betShown).toHaveText('Bet 200 GC');

    const spun = nextRoundAnswer(page);
    await pressByKeyboard(button(frame, 'Spin'));
    const { round } = await spun;
    expect(round.bet).toBe(200);
    // Many free spins animate one by one (0.6 s each, retriggers included): skip to the end then
    // (on a slow machine the animation may be over already, and the button gone).
    const spins = (round.state as { spins?: unknown[] }).spins?.length ?? 1;
    if (spins > 3)
      await button(frame, 'Skip animation')
        .press('Enter', { timeout: 2_000 })
        .catch(() => undefined);
    const status = frame.getByRole('status');
    // The reels (and any free spins) animate first; the result line comes with the round's end.
    if (round.win > 0)
      await expect(status).toContainText(`You win ${round.win.toLocaleString('en-US')} GC`, {
        timeout: 30_000,
      });
    else await expect(status).toContainText('No win this time', { timeout: 30_000 });
    await expectHeaderAmount(page, before - 200 + round.win);

    await expectFairnessVerifies(page);
    await expectRecalled(page, HOUSE_GAME_IDS.slots, round);
  });

  test('Blackjack: deal and play the hand to its end (or a blackjack at the deal); balance and win', async ({
    page,
    request,
  }) => {
    await playerWithCoins(page, request);
    const frame = await openHouseGame(page, HOUSE_GAME_IDS.blackjack, 'Blackjack', 'Deal');
    await expectHeaderAmount(page, STARTER_COINS.gold);
    const before = await headerAmount(page);

    const dealt = nextRoundAnswer(page);
    await pressByKeyboard(button(frame, 'Deal'));
    const round = await playBlackjackToTheEnd(frame, page, await dealt);
    expect(round.status).toBe('finished');
    await expect(button(frame, 'Deal')).toBeEnabled();
    // The table's status line (the bet control is a live region too).
    const status = frame.getByRole('status').first();
    if (round.win === 0) await expect(status).toContainText('The dealer wins.');
    else await expect(status).toContainText(round.win.toLocaleString('en-US'));
    await expectHeaderAmount(page, before - round.bet + round.win);

    await expectFairnessVerifies(page);
    await expectRecalled(page, HOUSE_GAME_IDS.blackjack, round);
  });

  test('Jacks or Better with Sweeps Coins: deal, hold, draw; the Sweeps balance moves', async ({
    page,
    request,
  }) => {
    await playerWithCoins(page, request);
    const frame = await openHouseGame(page, HOUSE_GAME_IDS.videoPoker, 'Jacks or Better', 'Deal');
    await switchToSweeps(page);
    await expect(frame.getByText('Playing with Sweeps Coins')).toBeVisible();
    const before = await headerAmount(page);

    const dealt = nextRoundAnswer(page);
    await pressByKeyboard(button(frame, 'Deal'));
    const deal = await dealt;
    expect(deal.round.currency).toBe('sweeps');
    const bet = deal.round.bet;
    expect(bet).toBeGreaterThan(0);
    await expectHeaderAmount(page, before - bet);

    // Hold the first card by keyboard; its toggle says so.
    const hold = frame.getByRole('button', { name: /^Hold / }).first();
    await pressByKeyboard(hold, 'Space');
    await expect(hold).toHaveAttribute('aria-pressed', 'true');

    const drawn = nextRoundAnswer(page);
    await pressByKeyboard(button(frame, 'Draw'));
    const { round } = await drawn;
    expect(round.status).toBe('finished');
    const status = frame.getByRole('status');
    if (round.win > 0) await expect(status).toContainText(`You win ${round.win.toFixed(2)} SC`);
    await expectHeaderAmount(page, before - bet + round.win);

    await expectFairnessVerifies(page);
    await expectRecalled(page, HOUSE_GAME_IDS.videoPoker, round);
  });

  test('Klondike: deal, draw, move a card by keyboard, collect; balance and win', async ({
    page,
    request,
  }) => {
    await playerWithCoins(page, request);
    const frame = await openHouseGame(page, HOUSE_GAME_IDS.solitaire, 'Klondike Solitaire', 'Deal');
    await expectHeaderAmount(page, STARTER_COINS.gold);
    const before = await headerAmount(page);

    const dealt = nextRoundAnswer(page);
    await pressByKeyboard(button(frame, 'Deal'));
    let answer = await dealt;
    expect(answer.round.bet).toBe(100);
    let moved = false;
    let drew = false;
    // Draw until a card can move (or the stock runs out), then move it by keyboard.
    while (answer.round.status === 'open') {
      const view = answer.round.state as KlondikeTableView;
      const move = drew ? klondikeKeyboardMove(view) : null;
      if (move) {
        const next = nextRoundAnswer(page);
        await pressByKeyboard(button(frame, move.card), 'Space');
        await expect(button(frame, move.card)).toHaveAttribute('aria-pressed', 'true');
        await pressByKeyboard(button(frame, move.target));
        answer = await next;
        await expect(frame.getByText(/^Moved /)).toBeVisible();
        moved = true;
        break;
      }
      if (!view.canDraw) break;
      const next = nextRoundAnswer(page);
      await pressByKeyboard(button(frame, 'Draw'));
      answer = await next;
      drew = true;
    }
    expect(drew).toBe(true);

    if (answer.round.status === 'open') {
      const collected = nextRoundAnswer(page);
      await pressByKeyboard(button(frame, 'Collect'));
      answer = await collected;
    }
    const { round } = answer;
    expect(round.status).toBe('finished');
    await expect(frame.getByText(`You won ${round.win.toLocaleString('en-US')} GC`)).toBeVisible();
    await expectHeaderAmount(page, before - round.bet + round.win);
    // A whole pass of the stock without a single move is far rarer than one deal in ten thousand.
    expect(moved).toBe(true);

    await expectFairnessVerifies(page);
    await expectRecalled(page, HOUSE_GAME_IDS.solitaire, round);
  });

  test('a blackjack hand left open by closing the tab comes back with the same cards and can be finished', async ({
    page,
    context,
    request,
  }) => {
    await playerWithCoins(page, request);
    let frame = await openHouseGame(page, HOUSE_GAME_IDS.blackjack, 'Blackjack', 'Deal');
    await expectHeaderAmount(page, STARTER_COINS.gold);
    // The balance before the deal that stays open: a hand that ended at the deal has paid out.
    let before = await headerAmount(page);

    // A natural blackjack ends the hand at the deal: deal again until one stays open.
    let deal: RoundAnswer | null = null;
    for (let attempt = 0; attempt < 5 && deal?.round.status !== 'open'; attempt += 1) {
      if (deal) before = deal.balances.balance_total_gld;
      const dealt = nextRoundAnswer(page);
      await pressByKeyboard(button(frame, 'Deal'));
      deal = await dealt;
    }
    if (!deal || deal.round.status !== 'open') throw new Error('five hands in a row ended at the deal');
    // The stake is taken at the deal (the header shows it with the hand's end, spec section 4).
    const afterDeal = deal.balances.balance_total_gld;
    expect(afterDeal).toBeLessThan(before);
    const shown = await cardsShown(frame);
    expect(shown.player.length).toBeGreaterThanOrEqual(2);

    await page.close();
    const again = await context.newPage();
    await again.goto(gamePath(HOUSE_GAME_IDS.blackjack));
    frame = again.frameLocator('iframe[title="Blackjack game"]');
    await expect(frame.getByRole('group', { name: /^(Your move|Insurance)$/ })).toBeVisible({
      timeout: 30_000,
    });
    expect(await cardsShown(frame)).toEqual(shown);
    // The new tab reads the balances afresh: the open hand's stake is held.
    await expectHeaderAmount(again, afterDeal);

    const round = await playBlackjackToTheEnd(frame, again, deal);
    expect(round.id).toBe(deal.round.id);
    expect(round.status).toBe('finished');
    await expect(button(frame, 'Deal')).toBeEnabled();
    await expectHeaderAmount(again, afterDeal - (round.bet - deal.round.bet) + round.win);
  });
});

/** Every card's name on the table, the dealer's and the player's, in order. */
async function cardsShown(frame: FrameLocator): Promise<{ dealer: string[]; player: string[] }> {
  const names = async (region: string) => {
    const cards = frame.getByRole('region', { name: region }).getByRole('img');
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    return Promise.all((await cards.all()).map(async (c) => (await c.getAttribute('aria-label')) ?? ''));
  };
  return { dealer: await names('Dealer'), player: await names('Your hand') };
}

/**
 * Plays an open blackjack hand by keyboard until it ends: no insurance; hit while the hand
 * cannot bust, then stand. Returns the finished round.
 */
async function playBlackjackToTheEnd(
  frame: FrameLocator,
  page: Page,
  start: RoundAnswer,
): Promise<RoundAnswer['round']> {
  let answer = start;
  for (let step = 0; step < 20 && answer.round.status === 'open'; step += 1) {
    const view = answer.round.state as BlackjackTableView;
    const hand = view.active === null ? undefined : view.hands[view.active];
    const move =
      view.phase === 'insurance'
        ? 'No insurance'
        : hand && hand.total <= 11 && view.actions.includes('hit')
          ? 'Hit'
          : 'Stand';
    const next = nextRoundAnswer(page);
    await pressByKeyboard(button(frame, move), move === 'Hit' ? 'Space' : 'Enter');
    answer = await next;
  }
  return answer.round;
}
