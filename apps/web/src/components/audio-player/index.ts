export { AudioPlayer, type AudioPlayerHandle, type AudioPlayerProps } from './audio-player';
