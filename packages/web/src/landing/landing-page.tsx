import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import Numbers from '@mui/icons-material/Numbers';
import Storage from '@mui/icons-material/StorageOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useOpenAuthDialog } from '../lib/auth-dialog-control';
import { QuickConvert } from './quick-convert';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <Numbers />,
    title: 'Numbers stay exact',
    text: '12345678901234567890 and 0.1000000000000000055 come out digit for digit. Nothing is rounded on the way.',
  },
  {
    icon: <AccountTree />,
    title: 'Nested data, flat table',
    text: 'Nested objects become address.city columns; arrays by index, as JSON, joined or exploded into rows.',
  },
  {
    icon: <Storage />,
    title: 'Big files welcome',
    text: 'Files are streamed, not loaded whole: multi-gigabyte exports convert with flat memory.',
  },
  {
    icon: <SwapHoriz />,
    title: 'And back again',
    text: 'CSV to JSON rebuilds the nesting from dotted headers and infers types without guessing wrong: 007 stays text.',
  },
];

/** The landing page: what Unnest does, and a quick convert to try it at once. */
export default function LandingPage() {
  const openAuthDialog = useOpenAuthDialog();
  return (
    <Stack spacing={{ xs: 4, md: 5 }}>
      <Box sx={{ pt: { md: 2 }, maxWidth: 880 }}>
        <Typography variant="overline" color="secondary" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
          JSON ⇄ CSV, exactly
        </Typography>
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 800, letterSpacing: '-0.02em', fontSize: { xs: '2rem', sm: '2.6rem', md: '3rem' } }}
        >
          Turn nested JSON into clean CSV, and back.
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 2, fontWeight: 400 }}>
          For developers, analysts and data teams: paste a snippet or upload a multi-gigabyte export, and get a
          spreadsheet-ready table with every value kept as written.
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1.5, alignItems: 'center' }}>
          <Button size="large" variant="contained" onClick={() => openAuthDialog('signup')}>
            Get Started
          </Button>
          <Button size="large" variant="outlined" component={RouterLink} to="/pricing">
            See pricing
          </Button>
          <Typography variant="body2" color="text.secondary">
            Free account: file conversion, storage and history. No card needed.
          </Typography>
        </Stack>
      </Box>
      <QuickConvert />
      <Box
        component="section"
        aria-label="Features"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
      >
        {FEATURES.map((feature) => (
          <Card key={feature.title}>
            <CardContent>
              <Box sx={{ color: 'primary.main', mb: 1 }}>{feature.icon}</Box>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {feature.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {feature.text}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}
