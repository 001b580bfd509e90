/**
 * Group-buy (SPEC §1 group-buy orders; §3 isInGroup; §4 inviteToJoinGroup): a buyer starts a
 * group on a campaign or joins an open one by ordering at the group price. The group fills when
 * its last slot is paid (its orders may then ship); when its time runs out first it fails and
 * every order of it is cancelled and refunded.
 */
import { nextStatus, type TransitionTable } from './state-table.js';

export const GROUP_STATUSES = ['OPEN', 'FILLED', 'FAILED'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

export const GROUP_EVENTS = {
  /** Every slot is paid for. */
  FILL: { from: ['OPEN'], to: 'FILLED' },
  /** The time limit passed with slots still free or unpaid. */
  EXPIRE: { from: ['OPEN'], to: 'FAILED' },
} as const satisfies TransitionTable<GroupStatus, string>;
export type GroupEvent = keyof typeof GROUP_EVENTS;

export function nextGroupStatus(from: GroupStatus, event: GroupEvent): GroupStatus | null {
  return nextStatus(GROUP_EVENTS, from, event);
}

/** Why a buyer cannot take a slot of a group now (each has its error code), or null. */
export type JoinProblem = 'FULL' | 'EXPIRED' | 'CLOSED';

export function joinProblem(g: { status: GroupStatus; size: number; members: number; expiresAt: Date }, now: Date) {
  if (g.status === 'FILLED') return 'FULL' as JoinProblem;
  if (g.status === 'FAILED' || g.expiresAt.getTime() <= now.getTime()) return 'EXPIRED' as JoinProblem;
  if (g.members >= g.size) return 'FULL' as JoinProblem;
  return null;
}

/** Slots a buyer may still take. */
export const slotsLeft = (g: { size: number; members: number; status: GroupStatus }) =>
  g.status === 'OPEN' ? Math.max(0, g.size - g.members) : 0;

/** A group order may ship only once its group has filled (a failed group's orders are refunded). */
export const groupAllowsShipping = (status: GroupStatus | null | undefined) => !status || status === 'FILLED';
