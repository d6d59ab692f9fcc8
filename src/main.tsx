import { createRoot } from 'react-dom/client';
import { styled } from '@linaria/react';

const Title = styled.h1`
  color: var(--color-text, #fff);
`;

createRoot(document.getElementById('root')!).render(<Title>Hello {__APP_VERSION__}</Title>);
