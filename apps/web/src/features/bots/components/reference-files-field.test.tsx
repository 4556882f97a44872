import { botFilePath, botFilesPath, type BotReferenceFile } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makeBotDetail, uuid } from '../test/fixtures';
import { ReferenceFilesField } from './reference-files-field';

afterEach(() => vi.unstubAllGlobals());

const BOT = uuid(12);
const priceBook: BotReferenceFile = {
  id: uuid(13),
  name: 'prices.pdf',
  size_bytes: 52_000,
  text_chars: 1200,
};

function renderField(files: BotReferenceFile[]) {
  return renderPage(<ReferenceFilesField botId={BOT} files={files} />, {
    route: '/bot/create/:id',
    url: `/bot/create/${BOT}`,
    user: makeUser('publisher_admin'),
  });
}

// Without applyAccept, user-event also hands over files the picker would hide, as a drop would.
const input = () => screen.getByLabelText('Reference file');

describe('ReferenceFilesField', () => {
  it('uploads through a pre-signed URL, then attaches the file to the bot', async () => {
    const { calls } = mockApi({
      'POST /api/data/pre-signed-url': {
        body: {
          data: {
            upload_url: '/api/uploads/documents/a.csv?sig=1',
            file_url: '/api/files/documents/a.csv',
          },
        },
      },
      'PUT /api/uploads/documents/a.csv': { body: { message: 'Uploaded.' } },
      [`POST ${botFilesPath(BOT)}`]: { body: { data: makeBotDetail({ id: BOT }) } },
    });
    renderField([priceBook]);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input(), new File(['item,price'], 'plan prices.csv', { type: 'text/csv' }));
    await waitFor(() => expect(calls.some((c) => c.path === botFilesPath(BOT))).toBe(true));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/data/pre-signed-url',
      'PUT /api/uploads/documents/a.csv',
      `POST ${botFilesPath(BOT)}`,
    ]);
    expect(calls[0]!.body).toEqual({ file_name: 'plan prices.csv', folder: 'bot-files' });
    expect(calls[2]!.body).toEqual({ name: 'plan prices.csv', path: '/api/files/documents/a.csv' });
  });

  it('refuses a duplicate name and a wrong type before uploading', async () => {
    const { calls } = mockApi({});
    renderField([priceBook]);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input(), new File(['x'], 'prices.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('File prices.pdf is already uploaded.')).toBeInTheDocument();
    await user.upload(input(), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(
      await screen.findByText('The file type must be one of: .pdf, .txt, .csv, .docx, .xlsx, .xls'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('stops at three files and removes one', async () => {
    const files = [0, 1, 2].map((i) => ({ ...priceBook, id: uuid(20 + i), name: `f${i}.txt` }));
    const { calls } = mockApi({
      [`DELETE ${botFilePath(BOT, uuid(21))}`]: { body: { data: makeBotDetail({ id: BOT }) } },
    });
    renderField(files);
    expect(screen.getByRole('button', { name: 'Upload file' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove f1.txt' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
        `DELETE ${botFilePath(BOT, uuid(21))}`,
      ]),
    );
  });
});
