import type { AccessName, UserInfo } from '@cloudbox/domain';
import { create } from 'zustand';
import * as userApi from '../api/user';
import { getToken, removeToken, setToken } from '../utils/auth';

/** The signed-in user as the console uses it (SPEC.md section 3, "Session user"). */
export interface SessionUser {
  /** The user's id: a managed user whose `parent_id` it is works under this user. */
  id: number;
  name: string;
  avatar: string;
  introduction: string;
  roles: AccessName[];
  ck: string | null;
  userLevel: number;
  isManager: boolean;
  /** The manager this user works under (its direct superior), if any. */
  parentId: number | null;
  registeredAt: string;
  /** A reset password: the change-password screen comes before anything else. */
  mustChangePassword: boolean;
}

/** The info-load failures of SPEC.md section 8, worded exactly as the spec gives them. */
export const INFO_ERRORS = {
  noData: 'Verification failed, please Login again.',
  noRoles: 'getInfo: roles must be a non-null array!',
  noUser: 'getInfo: user info cannot be null!',
} as const;

export function toSessionUser(info: UserInfo | null | undefined): SessionUser {
  if (!info) throw new Error(INFO_ERRORS.noData);
  if (!Array.isArray(info.roles) || info.roles.length === 0) throw new Error(INFO_ERRORS.noRoles);
  if (!info.user) throw new Error(INFO_ERRORS.noUser);
  return {
    id: info.user.id,
    name: info.name,
    avatar: info.avatar,
    introduction: info.introduction,
    roles: info.roles,
    ck: info.user.group_extra?.ck ?? null,
    userLevel: info.level,
    isManager: info.user.is_manager,
    parentId: info.user.parent_id,
    registeredAt: info.user.registered_at,
    mustChangePassword: info.user.must_change_password,
  };
}

interface UserState {
  token: string | undefined;
  user: SessionUser | undefined;
  login(username: string, password: string): Promise<void>;
  /** Loads the user's info once, however many navigations ask for it at the same time. */
  loadInfo(): Promise<SessionUser>;
  logout(): Promise<void>;
  /** Forgets the session locally (the server is not told). */
  resetToken(): void;
  /** The user chose its own password: the screens a reset held back open again. */
  passwordChanged(): void;
}

let pendingInfo: Promise<SessionUser> | undefined;

export const useUserStore = create<UserState>((set, get) => ({
  token: getToken(),
  user: undefined,

  async login(username, password) {
    const { token, expires_at } = await userApi.login(username, password);
    setToken(token, expires_at);
    set({ token, user: undefined });
  },

  loadInfo() {
    pendingInfo ??= (async () => {
      try {
        const user = toSessionUser(await userApi.getInfo(get().token ?? ''));
        set({ user });
        return user;
      } finally {
        pendingInfo = undefined;
      }
    })();
    return pendingInfo;
  },

  async logout() {
    try {
      await userApi.logout();
    } finally {
      get().resetToken();
    }
  },

  resetToken() {
    removeToken();
    set({ token: undefined, user: undefined });
  },

  passwordChanged() {
    const user = get().user;
    if (user) set({ user: { ...user, mustChangePassword: false } });
  },
}));
