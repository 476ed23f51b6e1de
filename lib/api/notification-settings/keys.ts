/** Query keys of the admins' notification settings: channels, rules, deliveries. */
export const notificationSettingsKeys = {
  all: ['notification-settings'] as const,
  channels: () => [...notificationSettingsKeys.all, 'channels'] as const,
  rules: () => [...notificationSettingsKeys.all, 'rules'] as const,
  deliveries: () => [...notificationSettingsKeys.all, 'deliveries'] as const,
};
