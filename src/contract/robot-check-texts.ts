/** What the "I'm not a robot" widget and the forms that carry it say (contract/robot-check.ts). */
export const ROBOT_CHECK_TEXTS = {
  label: "I'm not a robot",
  failed: 'The "I\'m not a robot" check failed or expired. Please tick the box again.',
  missing: 'Please tick "I\'m not a robot" before creating your account.',
  expired: 'The check expired. Please tick the box again.',
  offline: 'You are offline. The "I\'m not a robot" check needs a connection.',
} as const;
