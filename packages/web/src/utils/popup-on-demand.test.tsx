import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dropdown } from 'antd';
import { describe, expect, it } from 'vitest';
import { usePopupOnDemand } from './popup-on-demand';

// rc-trigger watches its target's size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function Menu() {
  const { made, ref, wake, popup } = usePopupOnDemand<HTMLButtonElement>();
  const button = (
    <button ref={ref} type="button" data-made={made} {...wake}>
      Choose
    </button>
  );
  if (!made) return button;
  return (
    <Dropdown trigger={['click']} {...popup} menu={{ items: [{ key: 'one', label: 'One' }] }}>
      {button}
    </Dropdown>
  );
}

describe('a dropdown made on demand', () => {
  it('makes a dropdown on the first click, opens it, and keeps the keyboard focus on its button', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    expect(document.querySelector('.ant-dropdown-trigger')).toBeNull();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'One' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose' }).getAttribute('data-made')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose' }));
  });
});
