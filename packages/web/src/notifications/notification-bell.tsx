import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Notification } from '@unnest/contracts';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../lib/format-date';
import { useNotifications } from './api/get-notifications';
import { useMarkRead } from './api/mark-read';
import { noticeSentence } from './notice-sentence';

const MAX_COUNT = 99;

/** The bell's accessible name: says how many are unread as the badge shows it, so both agree. */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications, none unread';
  return `Notifications, ${unread > MAX_COUNT ? `${MAX_COUNT}+` : unread} unread`;
}

// Read by screen readers, not shown: the dot says it to the eye.
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

function NotificationEntry({ notice, onOpen }: { notice: Notification; onOpen: (notice: Notification) => void }) {
  return (
    <MenuItem
      onClick={() => onOpen(notice)}
      sx={{ alignItems: 'flex-start', whiteSpace: 'normal', py: 1.25, gap: 1.5 }}
    >
      <Box
        aria-hidden
        sx={{
          mt: 0.75,
          width: 8,
          height: 8,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: notice.read ? 'transparent' : 'primary.main',
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: notice.read ? 400 : 600 }}>
          {!notice.read && (
            <Box component="span" sx={VISUALLY_HIDDEN}>
              Unread:{' '}
            </Box>
          )}
          {notice.title}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {noticeSentence(notice)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(notice.created_at)}
        </Typography>
      </Box>
    </MenuItem>
  );
}

/**
 * The top bar's bell: the unread count on a badge, and a menu of the newest notifications. Opening
 * one marks it read and goes where it leads; "Mark all read" clears the count. The menu takes the
 * focus and gives it back to the bell when it closes.
 */
export function NotificationBell() {
  const { data } = useNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = data?.unread_count ?? 0;
  const notices = data?.notifications ?? [];
  const label = bellLabel(unread);

  function open(notice: Notification) {
    setAnchor(null);
    if (!notice.read) markRead.mutate(notice.id);
    if (notice.link) navigate(notice.link);
  }

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="true"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {/* No badge at all when nothing is unread: a hidden badge would keep its last number as text. */}
          {unread > 0 ? (
            <Badge badgeContent={unread} color="error" max={MAX_COUNT}>
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: { 'aria-label': 'Notifications', dense: true },
          paper: { sx: { width: 360, maxWidth: 'calc(100vw - 32px)', maxHeight: 480 } },
        }}
      >
        <MenuItem disabled={unread === 0} onClick={() => markRead.mutate(null)}>
          <Typography variant="subtitle2" component="span">
            {unread === 0 ? 'No unread notifications' : `Mark all read (${unread})`}
          </Typography>
        </MenuItem>
        <Divider />
        {notices.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">No notifications yet</Typography>
          </MenuItem>
        )}
        {notices.map((notice) => (
          <NotificationEntry key={notice.id} notice={notice} onOpen={open} />
        ))}
      </Menu>
    </>
  );
}
