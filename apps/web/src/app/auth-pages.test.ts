import { describe, expect, it } from 'vitest';
import { authPageLocation } from './auth-pages.ts';

describe('authPageLocation', () => {
  it('leads to the tab’s page with the way back to the page the visitor is on and the URL’s lng', () => {
    expect(authPageLocation('login', { pathname: '/product/3', search: '?lng=en' }, '/app')).toEqual({
      pathname: '/login',
      search: `?${new URLSearchParams({ next: '/app/product/3?lng=en', lng: 'en' }).toString()}`,
    });
    expect(authPageLocation('register', { pathname: '/', search: '' }, '/app')).toEqual({
      pathname: '/register',
      search: '?next=%2Fapp%2F',
    });
  });

  it('on an account page or the sign-in target, keeps the way back it already carries', () => {
    const here = { pathname: '/login', search: '?next=%2Fapp%2Fnews&lng=fa' };
    expect(authPageLocation('register', here, '/app')).toEqual({
      pathname: '/register',
      search: '?next=%2Fapp%2Fnews&lng=fa',
    });
    expect(authPageLocation('login', { pathname: '/s', search: '' }, '/app')).toEqual({
      pathname: '/login',
      search: '',
    });
  });
});
