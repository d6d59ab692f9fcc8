/**
 * Whether a player is signed in, provided by the app shell (root layout), so design-system
 * components that word things differently for players and visitors need no store.
 */
import { createContext, useContext } from 'react';

export const SignedInContext = createContext(false);

export const useSignedIn = (): boolean => useContext(SignedInContext);
