export { DEMO_CHANNEL, openDemoChannel } from './demo-channel.js';
