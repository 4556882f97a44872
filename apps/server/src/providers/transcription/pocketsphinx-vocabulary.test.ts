import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  classDefinitions,
  lmControl,
  MAX_ADDED_WORDS,
  parseDictionary,
  planAddedWords,
  readLmWords,
  type SphinxLexicon,
} from './pocketsphinx-vocabulary.js';

const DICT = `capacitor K AH P AE S AH T ER
capacitors K AH P AE S AH T ER Z
pump P AH M P
pump(2) P AH M P AH
tank T AE NG K
less L EH S
tankless T AE NG K L AH S X
carrier K AE R IY ER
wi-fi W AY F AY
`;

const lexicon = (lmWords: string[]): SphinxLexicon => ({
  lmWords: new Set(lmWords),
  pronunciations: parseDictionary(DICT.replace(/^tankless .*\n/m, '')),
});

describe('pocketsphinx vocabulary', () => {
  it('reads the first pronunciation of each dictionary word', () => {
    const dict = parseDictionary(DICT);
    expect(dict.get('pump')).toBe('P AH M P');
    expect(dict.has('pump(2)')).toBe(false);
    expect(dict.get('wi-fi')).toBe('W AY F AY');
  });

  it('adds only the words the model lacks, with the dictionary’s, spelled or compound pronunciations', () => {
    const words = planAddedWords(
      ['run capacitor', 'PRV', 'Tankless', 'recirc pump', 'Carrier', 'Wi-Fi', 'R-410A', 'PRV'],
      lexicon(['run', 'pump', 'carrier', 'wi-fi', 'capacitors']),
    );
    expect(words).toEqual([
      {
        word: 'capacitor',
        phones: 'K AH P AE S AH T ER',
        spelling: 'capacitor',
        inDictionary: true,
      },
      { word: 'prv', phones: 'P IY AA R V IY', spelling: 'PRV', inDictionary: false },
      { word: 'tankless', phones: 'T AE NG K L EH S', spelling: 'Tankless', inDictionary: false },
    ]);
    // "recirc": no dictionary entry, not an acronym, no two dictionary words: left out.
    // "R-410A": digits, which the model says as words.
  });

  it('splits a hyphenated term the model does not know as one word', () => {
    const words = planAddedWords(['tank-less'], lexicon([]));
    expect(words.map((w) => w.word)).toEqual(['tank', 'less']);
  });

  it('stops at the number of classes pocketsphinx allows', () => {
    const many = Array.from(
      { length: 200 },
      (_, i) =>
        `Q${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
    );
    expect(planAddedWords(many, lexicon([]))).toHaveLength(MAX_ADDED_WORDS);
  });

  it('writes one class per word and a control file naming the default model', () => {
    const words = planAddedWords(['PRV', 'capacitor'], lexicon([]));
    expect(classDefinitions(words)).toBe(
      'LMCLASS [v0]\nprv\nEND [v0]\nLMCLASS [v1]\ncapacitor\nEND [v1]\n',
    );
    expect(lmControl(words, '/m/en-us.lm.bin', '/w/v.classdef')).toBe(
      '{ /w/v.classdef }\n/m/en-us.lm.bin default { [v0] [v1] }\n',
    );
  });

  it('reads the words of a trie-format model from its end, and refuses other formats', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fieldbot-lm-'));
    try {
      const header = Buffer.alloc(24);
      header.write('Trie Language Model', 'latin1');
      header.writeUInt8(3, 19);
      header.writeUInt32LE(3, 20);
      const trie = path.join(dir, 'a.lm.bin');
      await writeFile(
        trie,
        Buffer.concat([header, Buffer.alloc(64, 7), Buffer.from('\0\0\0\0<s>\0pump\0zydeco\0')]),
      );
      expect(await readLmWords(trie)).toEqual(new Set(['<s>', 'pump', 'zydeco']));
      const arpa = path.join(dir, 'b.lm');
      await writeFile(arpa, '\\data\\\nngram 1=3\n');
      expect(await readLmWords(arpa)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
