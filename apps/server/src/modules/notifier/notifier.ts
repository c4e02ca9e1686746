/** A message for one person, by e-mail or SMS. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
}

/** The one way the server reaches people outside the app. */
export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
}

/** Sends each channel through its own adapter. */
export function routeByChannel(adapters: Record<OutgoingMessage['channel'], Notifier>): Notifier {
  return { send: (message) => adapters[message.channel].send(message) };
}
