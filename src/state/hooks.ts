/** Typed react-redux hooks for the game page's store. */
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';

/** `useDispatch` typed with the store's dispatch. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** `useSelector` typed with the root state. */
export const useAppSelector = useSelector.withTypes<RootState>();
