/**
 * Authoring script (run by hand, not at start-up): synthesises the ten demo clips of the seed from
 * their transcripts and writes them, with their timestamped segments and waveform peaks, to
 * apps/server/src/lib/demo-audio/.
 *
 *   npx tsx apps/server/scripts/make-demo-audio.ts
 *
 * Needs espeak-ng, sox and ffmpeg/ffprobe (Debian: apt-get install espeak-ng sox ffmpeg). Each
 * utterance is spoken by one of two voices (technician or CSR, and customer); segment times come
 * from each utterance's real length plus the pause after it, so the transcript follows the audio.
 * Calls are band-limited to telephone quality. The result is Ogg/Opus, mono, 16 kb/s: the whole
 * folder stays well under a megabyte. Peaks follow the merge job's rule: max-abs of the decoded
 * audio in N = min(AUDIO_PEAKS_MAX, ceil(duration × 20)) buckets, 0..1 with two decimals.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIO_PEAKS_MAX } from '@fieldbot/shared';
import { format, resolveConfig } from 'prettier';
import { DEMO_CLIPS_FILE, type DemoClip, type DemoClipsFile } from '../src/lib/demo-clips.js';

type Speaker = 'Technician' | 'CSR' | 'Customer';

interface Script {
  file: string;
  title: string;
  type: DemoClip['type'];
  trade: DemoClip['trade'];
  call_type: DemoClip['call_type'];
  lines: [Speaker, string][];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../src/lib/demo-audio');

/** espeak-ng voice, words per minute and pitch per speaker: two distinct voices. */
const VOICES: Record<Speaker, { voice: string; speed: number; pitch: number }> = {
  Technician: { voice: 'en-us+m3', speed: 165, pitch: 45 },
  CSR: { voice: 'en-us+m3', speed: 170, pitch: 50 },
  Customer: { voice: 'en-us+f3', speed: 160, pitch: 60 },
};
const SAMPLE_RATE = 22050;
const LEAD_IN_SECONDS = 0.3;
const PAUSE_SECONDS = 0.45;
const BITRATE = '16k';
const PEAKS_PER_SECOND = 20;
const PEAKS_SAMPLE_RATE = 8000;

const SCRIPTS: Script[] = [
  {
    file: '01-ac-not-cooling.ogg',
    title: 'AC not cooling: failed run capacitor',
    type: 'field-recording',
    trade: 'hvac',
    call_type: null,
    lines: [
      [
        'Technician',
        "Good morning, I'm with Acme Home Services. I understand your air conditioner isn't cooling?",
      ],
      ['Customer', "That's right. It's been blowing warm air since yesterday afternoon."],
      [
        'Technician',
        "Okay. I checked the outdoor unit first. The fan is spinning but the compressor isn't starting.",
      ],
      ['Customer', 'Is that bad? The unit is only about eight years old.'],
      [
        'Technician',
        "It's usually good news. The run capacitor is bulging on top, and it tests at half its rating. That's why the compressor can't start.",
      ],
      ['Customer', 'So you can replace just that part?'],
      [
        'Technician',
        'Yes. I have one on the truck. The repair is one hundred eighty five dollars, parts and labor.',
      ],
      ['Customer', 'Great, please go ahead.'],
      [
        'Technician',
        "All done. The compressor is running and the supply air is fifty six degrees. I'd also recommend a new filter, this one is pretty dirty.",
      ],
      ['Customer', 'Thank you so much. I will pick up filters this weekend.'],
    ],
  },
  {
    file: '02-furnace-tune-up.ogg',
    title: 'Furnace tune-up before winter',
    type: 'field-recording',
    trade: 'hvac',
    call_type: null,
    lines: [
      ['Technician', "I'm starting the furnace tune-up now. First I'll check the flame sensor."],
      ['Customer', 'It has been short cycling a little. It shuts off after a couple of minutes.'],
      [
        'Technician',
        'That matches what I see. The flame sensor has a layer of oxidation. I cleaned it with fine sandpaper.',
      ],
      [
        'Technician',
        'The heat exchanger looks clean, no cracks, and carbon monoxide reads zero at the register.',
      ],
      ['Customer', 'Good to hear. Should we sign up for the maintenance plan?'],
      [
        'Technician',
        'The plan covers two visits a year and fifteen percent off repairs. I can add it today.',
      ],
    ],
  },
  {
    file: '03-thermostat-install.ogg',
    title: 'Smart thermostat installation',
    type: 'field-recording',
    trade: 'hvac',
    call_type: null,
    lines: [
      [
        'Technician',
        'The new smart thermostat is mounted and wired. The common wire was already there.',
      ],
      ['Customer', 'Can I control it from my phone?'],
      [
        'Technician',
        "Yes. I'll connect it to your Wi-Fi now and set a schedule of seventy two during the day.",
      ],
    ],
  },
  {
    file: '04-csr-ac-repair-booked.ogg',
    title: 'Call: AC repair booked',
    type: 'csr-call',
    trade: 'hvac',
    call_type: 'Booked',
    lines: [
      [
        'CSR',
        'Thank you for calling Acme Home Services, this is the service desk. How can I help?',
      ],
      [
        'Customer',
        'Hi, my upstairs air conditioning stopped working and it is ninety degrees up there.',
      ],
      ['CSR', "I'm sorry to hear that. Can you confirm the address for me?"],
      ['Customer', 'Sure, it is 4418 Oak Hollow Drive.'],
      [
        'CSR',
        'Thank you. I have a technician available tomorrow between eight and ten in the morning. Does that work?',
      ],
      ['Customer', 'Yes, that works perfectly.'],
      [
        'CSR',
        "You're booked for tomorrow at eight. The diagnostic fee is eighty nine dollars, waived if you do the repair.",
      ],
    ],
  },
  {
    file: '05-csr-price-check-unbooked.ogg',
    title: 'Call: price check, not booked',
    type: 'csr-call',
    trade: 'hvac',
    call_type: 'Unbooked',
    lines: [
      ['CSR', 'Acme Home Services, how can I help you today?'],
      ['Customer', 'I am just calling around for prices on a new central air system.'],
      [
        'CSR',
        'A new system depends on the size of the home. We do a free in-home estimate. Would you like to schedule one?',
      ],
      ['Customer', "Not yet, I'm still comparing quotes. I'll call back next week."],
      ['CSR', 'No problem. Thanks for calling, and have a great day.'],
    ],
  },
  {
    file: '06-water-heater-replacement.ogg',
    title: 'Water heater replacement quote',
    type: 'field-recording',
    trade: 'plumbing',
    call_type: null,
    lines: [
      ['Technician', "Hi, I'm with Globex Plumbing. You mentioned there's no hot water?"],
      ['Customer', 'Yes, and there is a small puddle under the water heater in the garage.'],
      [
        'Technician',
        'I see it. The tank is leaking from the bottom seam. That means the tank itself has rusted through, so it cannot be repaired.',
      ],
      ['Customer', 'Oh no. What are my options?'],
      [
        'Technician',
        'A new fifty gallon gas tank is one thousand six hundred dollars installed, with a six year warranty. A tankless unit is about three thousand two hundred.',
      ],
      ['Customer', "Let's do the tank. Can you do it today?"],
      [
        'Technician',
        "Yes, I'll shut off the gas and water, drain the old tank, and have hot water back in about three hours.",
      ],
    ],
  },
  {
    file: '07-kitchen-faucet-leak.ogg',
    title: 'Leaking kitchen faucet',
    type: 'field-recording',
    trade: 'plumbing',
    call_type: null,
    lines: [
      ['Customer', 'The kitchen faucet drips all night, and there is water in the cabinet.'],
      [
        'Technician',
        'The cartridge is worn, and the supply line under the sink is loose. I replaced the cartridge and tightened the fitting.',
      ],
      [
        'Technician',
        'No more drips, and the cabinet is dry. That was a one hundred twenty dollar repair.',
      ],
    ],
  },
  {
    file: '08-sewer-camera-inspection.ogg',
    title: 'Sewer line camera inspection',
    type: 'field-recording',
    trade: 'plumbing',
    call_type: null,
    lines: [
      [
        'Technician',
        'The camera is in the main line. There is root intrusion at about forty feet.',
      ],
      ['Customer', 'Can that be cleared?'],
    ],
  },
  {
    file: '09-csr-drain-emergency-booked.ogg',
    title: 'Call: backed-up drain, emergency booked',
    type: 'csr-call',
    trade: 'plumbing',
    call_type: 'Booked',
    lines: [
      ['CSR', 'Globex Plumbing, this is dispatch. What is going on?'],
      [
        'Customer',
        'Our basement floor drain is backing up and water is coming into the laundry room.',
      ],
      ['CSR', 'Please stop running water and the washing machine. Is this at the address on file?'],
      ['Customer', 'Yes, the one on Pine Street.'],
      [
        'CSR',
        'I am sending our on-call plumber now. He should arrive within the hour. The emergency fee is one hundred fifty dollars.',
      ],
      ['Customer', 'Thank you, please send him.'],
    ],
  },
  {
    file: '10-csr-cancel-unbooked.ogg',
    title: 'Call: appointment cancelled',
    type: 'csr-call',
    trade: 'plumbing',
    call_type: 'Unbooked',
    lines: [
      ['Customer', "Hi, I need to cancel tomorrow's appointment. We fixed the toilet ourselves."],
      ['CSR', "No problem, I've cancelled it. Call us any time if it acts up again."],
    ],
  },
];

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
const seconds = (file: string) => Number(run('soxi', ['-D', file]).toString().trim());
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Max-abs of the decoded audio per bucket, as the merge job computes them. */
function peaksOf(file: string, duration: number): number[] {
  const pcm = run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-i', file],
    ...['-ac', '1', '-ar', String(PEAKS_SAMPLE_RATE), '-f', 'f32le', '-'],
  ]);
  const samples = new Float32Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 4));
  const count = Math.min(AUDIO_PEAKS_MAX, Math.max(1, Math.ceil(duration * PEAKS_PER_SECOND)));
  const peaks: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * samples.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * samples.length) / count));
    let max = 0;
    for (let j = from; j < to && j < samples.length; j++)
      max = Math.max(max, Math.abs(samples[j]!));
    peaks.push(round2(Math.min(1, max)));
  }
  return peaks;
}

function makeClip(script: Script, work: string): DemoClip {
  const dir = path.join(work, path.parse(script.file).name);
  mkdirSync(dir);
  const silence = (name: string, length: number) => {
    const file = path.join(dir, name);
    run('sox', [
      '-n',
      '-r',
      String(SAMPLE_RATE),
      '-c',
      '1',
      '-b',
      '16',
      file,
      'trim',
      '0',
      `${length}`,
    ]);
    return file;
  };
  const parts = [silence('lead.wav', LEAD_IN_SECONDS)];
  const pause = silence('pause.wav', PAUSE_SECONDS);
  const segments: DemoClip['segments'] = [];
  let at = LEAD_IN_SECONDS;
  script.lines.forEach(([speaker, text], index) => {
    const { voice, speed, pitch } = VOICES[speaker];
    const raw = path.join(dir, `line-${index}.raw.wav`);
    const wav = path.join(dir, `line-${index}.wav`);
    run('espeak-ng', ['-v', voice, '-s', String(speed), '-p', String(pitch), '-w', raw, text]);
    // espeak-ng's own sample rate and trailing silence; normalise both so lengths add up exactly.
    run('sox', [
      raw,
      '-r',
      String(SAMPLE_RATE),
      '-c',
      '1',
      '-b',
      '16',
      wav,
      'reverse',
      'silence',
      '1',
      '0.02',
      '0.5%',
      'reverse',
    ]);
    const length = seconds(wav);
    segments.push({ start: round2(at), end: round2(at + length), speaker, text });
    at += length + PAUSE_SECONDS;
    parts.push(wav, pause);
  });
  const mixed = path.join(dir, 'mixed.wav');
  const effects =
    script.type === 'csr-call'
      ? ['highpass', '300', 'lowpass', '3400', 'norm', '-1']
      : ['norm', '-1'];
  run('sox', [...parts, mixed, ...effects]);
  const target = path.join(outDir, script.file);
  run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', mixed],
    ...['-ac', '1', '-c:a', 'libopus', '-b:a', BITRATE, '-application', 'voip'],
    ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', target],
  ]);
  const probed = Number(
    run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', target],
    ])
      .toString()
      .trim(),
  );
  const duration = round2(probed);
  return {
    file: script.file,
    title: script.title,
    type: script.type,
    trade: script.trade,
    call_type: script.call_type,
    content_type: 'audio/ogg',
    format: 'ogg',
    duration,
    size_bytes: statSync(target).size,
    segments,
    peaks: peaksOf(target, duration),
  };
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(outDir)) {
    if (file.endsWith('.ogg')) rmSync(path.join(outDir, file));
  }
  const work = mkdtempSync(path.join(tmpdir(), 'fieldbot-demo-audio-'));
  try {
    const clips = SCRIPTS.map((script) => {
      const clip = makeClip(script, work);
      console.log(
        `${clip.file}: ${clip.duration.toFixed(2)} s, ${(clip.size_bytes / 1024).toFixed(1)} KB, ` +
          `${clip.segments.length} segments, ${clip.peaks.length} peaks`,
      );
      return clip;
    });
    const out: DemoClipsFile = {
      generated_by: 'apps/server/scripts/make-demo-audio.ts',
      clips,
    };
    const target = path.join(outDir, DEMO_CLIPS_FILE);
    // Formatted as the repository's Prettier would, so `prettier --check .` passes.
    const options = { ...(await resolveConfig(target)), filepath: target };
    writeFileSync(target, await format(JSON.stringify(out), options));
    const total = clips.reduce((sum, clip) => sum + clip.size_bytes, 0);
    console.log(`${clips.length} clips, ${(total / 1024).toFixed(1)} KB of audio in ${outDir}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
