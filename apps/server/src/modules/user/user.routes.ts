import {
  acceptInviteBodySchema,
  AUTH_MESSAGES,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  invitationTokenBodySchema,
  invitationValidityResponseSchema,
  loginBodySchema,
  logoutBodySchema,
  MESSAGES,
  messageResponseSchema,
  resetPasswordBodySchema,
  signupBodySchema,
  updateProfileBodySchema,
  userResponseSchema,
  userMessageResponseSchema,
  type User,
  verifyTokenParamsSchema,
} from '@fieldbot/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../lib/errors.js';
import { userAgentOf } from '../audit-log/index.js';
import { clearSessionCookies, type SessionService, setSessionCookies } from '../session/index.js';
import type { AuthService } from './auth.service.js';
import type { InvitationsService } from './invitations.service.js';
import type { ProfileService } from './profile.service.js';

export interface UserRoutesDeps {
  auth: AuthService;
  invitations: InvitationsService;
  profile: ProfileService;
  sessions: SessionService;
}

const ANY_USER = { setup: 'any' } as const;

export async function userRoutes(
  app: FastifyInstance,
  { auth, invitations, profile, sessions }: UserRoutesDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A fresh session id and CSRF token for every login: no session fixation. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string) {
    if (request.session) await sessions.destroy(request.session.id);
    const session = await sessions.create({
      userId,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    request.session = session.record;
    setSessionCookies(request, reply, session);
    const user = await profile.loadUser(userId);
    if (!user) throw unauthenticated();
    return user;
  }

  r.post(
    '/api/user/signup',
    {
      config: { auth: 'public' },
      schema: { body: signupBodySchema, response: { 201: messageResponseSchema } },
    },
    async (request, reply) => {
      const { verified } = await auth.signup(request.body, request.ip);
      return reply.code(201).send({
        message: verified ? AUTH_MESSAGES.verified : AUTH_MESSAGES.signupSent,
      });
    },
  );

  r.get(
    '/api/user/verify/:token',
    {
      config: { auth: 'public' },
      schema: {
        params: verifyTokenParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await auth.verifyEmail(request.params.token);
      return { message: AUTH_MESSAGES.verified };
    },
  );

  r.post(
    '/api/user/login',
    {
      config: { auth: 'public' },
      schema: { body: loginBodySchema, response: { 200: userResponseSchema } },
    },
    async (request, reply) => {
      const userId = await auth.login(request.body, request.ip, userAgentOf(request.headers));
      return { data: await startSession(request, reply, userId) };
    },
  );

  // Public so that a client whose session already expired can still clear its cookies.
  r.post(
    '/api/user/logout',
    {
      config: { auth: 'public' },
      schema: { body: z.optional(logoutBodySchema), response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      if (request.session) {
        await sessions.destroy(request.session.id);
        await auth.recordLogout(request.session.userId, request.ip, userAgentOf(request.headers));
      }
      clearSessionCookies(request, reply);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  // The guard hands back the same user object while this process's session cache holds the
  // profile (ADR 003), so the answer every page asks for first is serialised once per read, not
  // once per request (by this route's compiled response schema all the same).
  const meJson = new WeakMap<User, string>();
  r.get(
    '/api/user/me',
    { config: { auth: ANY_USER }, schema: { response: { 200: userResponseSchema } } },
    async (request, reply) => {
      const data = request.user!;
      let json = meJson.get(data);
      if (json === undefined) {
        json = String(reply.serialize({ data }));
        meJson.set(data, json);
      }
      const serialised = json;
      // A reply serializer leaves the content type to the route: set it as the schema's would.
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => serialised)
        .send({ data });
    },
  );

  r.post(
    '/api/user/forgot-password',
    {
      config: { auth: 'public' },
      schema: { body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  r.post(
    '/api/user/reset-password',
    {
      config: { auth: 'public' },
      schema: { body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await auth.resetPassword(request.body, request.ip, userAgentOf(request.headers));
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );

  r.post(
    '/api/user/change-password',
    {
      config: { auth: ANY_USER },
      schema: { body: changePasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      await auth.changePassword(
        request.user!.id,
        request.body,
        request.ip,
        userAgentOf(request.headers),
      );
      clearSessionCookies(request, reply);
      return { message: AUTH_MESSAGES.passwordChanged };
    },
  );

  r.post(
    '/api/user/validate-publisher-invitation-token',
    {
      config: { auth: 'public' },
      schema: {
        body: invitationTokenBodySchema,
        response: { 200: invitationValidityResponseSchema },
      },
    },
    async (request) => ({
      data: { is_valid: await invitations.isValid(request.body.invitation_token) },
    }),
  );

  r.post(
    '/api/user/accept-invite',
    {
      config: { auth: 'public' },
      schema: { body: acceptInviteBodySchema, response: { 200: userResponseSchema } },
    },
    async (request, reply) => {
      const userId = await invitations.accept(request.body, request.ip);
      return { data: await startSession(request, reply, userId) };
    },
  );

  r.post(
    '/api/user/update-profile',
    {
      config: { auth: ANY_USER },
      schema: {
        body: updateProfileBodySchema,
        response: { 200: userMessageResponseSchema },
      },
    },
    async (request) => {
      await profile.updateProfile(request.user!, request.body);
      const user = await profile.loadUser(request.user!.id);
      if (!user) throw unauthenticated();
      return { message: MESSAGES.profileUpdated, data: user };
    },
  );
}
