// The live view's page. Every piece of text from the store is set with textContent, never parsed as HTML.
'use strict';

(function () {
  const TYPES = ['fact', 'preference', 'decision', 'path', 'task', 'task_done', 'result', 'question', 'answer',
    'blocker', 'note', 'failed_approach', 'blocked_path', 'conflict_warning', 'reverted_solution'];
  // Which sections to read again when a topic of the store moved.
  const REFETCH = {
    memory: ['inbox', 'feed', 'lanes'], lanes: ['lanes'], claims: ['claims', 'lanes'], plans: ['plans'],
    runs: ['runs', 'inbox']
  };
  const $ = (id) => document.getElementById(id);

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function add(parent, ...children) {
    children.forEach((child) => { if (child) parent.appendChild(child); });
    return parent;
  }

  function pill(value) {
    return el('span', 'pill ' + String(value).replace(/[^a-z_]/g, ''), String(value).replace(/_/g, ' '));
  }

  function ago(seconds) {
    if (seconds < 60) return seconds + 's ago';
    if (seconds < 3600) return Math.floor(seconds / 60) + 'm ago';
    if (seconds < 86400) return Math.floor(seconds / 3600) + 'h ago';
    return Math.floor(seconds / 86400) + 'd ago';
  }

  function duration(seconds) {
    if (seconds < 60) return seconds + 's';
    if (seconds < 3600) return Math.floor(seconds / 60) + 'm ' + (seconds % 60) + 's';
    return Math.floor(seconds / 3600) + 'h ' + Math.floor((seconds % 3600) / 60) + 'm';
  }

  function empty(body, text) {
    body.replaceChildren(el('p', 'muted', text));
  }

  async function get(path) {
    const response = await fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    const data = await response.json().catch(() => ({ message: response.statusText }));
    if (!response.ok) throw new Error(data.message || response.statusText);
    return data;
  }

  async function load(section) {
    const body = $(section + '-body');
    try {
      await RENDER[section](body);
    } catch (e) {
      body.replaceChildren(el('p', 'error', 'Could not read: ' + e.message));
    }
  }

  function byKey(items, key) {
    const groups = new Map();
    items.forEach((item) => {
      const k = key(item);
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(item);
    });
    return groups;
  }

  const RENDER = {
    async lanes(body) {
      const data = await get('/api/lanes');
      $('user').textContent = '· ' + data.user;
      if (data.lanes.length === 0) return empty(body, 'No agent has worked in the last day.');
      body.replaceChildren();
      byKey(data.lanes, (l) => (l.repo || '(no repository)') + '  ·  ' + (l.branch || '(no branch)'))
        .forEach((lanes, where) => {
          const group = add(el('div', 'group'), el('div', 'group-title', where));
          lanes.forEach((lane) => {
            const main = el('span', 'main');
            add(main, el('span', 'agent', lane.agent), document.createTextNode(' '),
              lane.task ? el('span', null, '#' + lane.task + ' ' + (lane.task_title || '')) : el('span', 'muted', 'no task'));
            if (lane.working_note) {
              const note = lane.working_note;
              add(main, el('span', 'note', 'working: ' + [note.task, note.next ? 'next: ' + note.next : null,
                note.blocker ? 'blocker: ' + note.blocker : null].filter(Boolean).join(' · ')));
            }
            if (lane.file_count > 0) {
              add(main, el('span', 'note', 'files: ' + lane.files.join(', ')
                + (lane.file_count > lane.files.length ? ' +' + (lane.file_count - lane.files.length) : '')));
            }
            const row = add(el('div', 'row' + (lane.ended ? ' ended' : '')),
              pill(lane.ended ? 'ended' : lane.activity), main, el('span', 'age', ago(lane.age_s)));
            group.appendChild(row);
          });
          body.appendChild(group);
        });
    },

    async claims(body) {
      const data = await get('/api/claims');
      body.replaceChildren();
      if (data.claims.length === 0) {
        empty(body, 'No file is claimed.');
      } else {
        byKey(data.claims, (c) => c.age).forEach((claims, age) => {
          const table = el('table');
          claims.forEach((c) => add(table, add(el('tr'), add(el('td'), el('code', null, c.file)),
            el('td', 'agent', c.agent), el('td', null, '#' + c.task),
            add(el('td'), pill(c.state)), el('td', 'age', ago(c.age_s)))));
          add(body, add(el('div', 'group'), add(el('div', 'group-title'), pill(age),
            document.createTextNode(' ' + claims.length + (claims.length === 1 ? ' claim' : ' claims'))), table));
        });
      }
      if (data.hot.length > 0) {
        const hot = add(el('div', 'group'), el('div', 'group-title', 'Hot files'));
        data.hot.forEach((h) => add(hot, add(el('div', 'row'), el('code', 'main', h.file),
          el('span', 'age', h.events + ' edits · heat ' + h.heat))));
        body.appendChild(hot);
      }
    },

    async plans(body) {
      const data = await get('/api/plans');
      if (data.plans.length === 0) return empty(body, 'No open plan.');
      body.replaceChildren();
      data.plans.forEach((plan) => {
        const group = add(el('div', 'group'), add(el('div', 'group-title', plan.title + ' '),
          el('span', 'muted', plan.slug + ' · ' + plan.completed + '/' + plan.total + ' done')));
        byKey(plan.subtasks, (s) => s.wave).forEach((subtasks, wave) => {
          group.appendChild(el('div', 'wave', 'Wave ' + wave));
          subtasks.forEach((s) => {
            const main = add(el('span', 'main'), el('span', null, s.index + '. ' + s.title));
            if (s.blocked_reason) add(main, el('span', 'note', 'blocked: ' + s.blocked_reason));
            else if (s.waits_for.length > 0) add(main, el('span', 'note', 'waits for ' + s.waits_for.join(', ')));
            group.appendChild(add(el('div', 'row'), pill(s.status), main,
              s.claimed_by ? el('span', 'agent', s.claimed_by) : null));
          });
        });
        body.appendChild(group);
      });
    },

    async inbox(body) {
      const select = $('inbox-agent');
      const wanted = select.value;
      const data = await get('/api/inbox' + (wanted ? '?agent=' + encodeURIComponent(wanted) : ''));
      select.replaceChildren(...data.agents.map((agent) => {
        const option = el('option', null, agent);
        option.value = agent;
        return option;
      }));
      if (data.agent) select.value = data.agent;
      body.replaceChildren();
      const part = (title, items, row) => {
        if (!items || items.length === 0) return;
        const group = add(el('div', 'group'), el('div', 'group-title', title));
        items.forEach((item) => group.appendChild(row(item)));
        body.appendChild(group);
      };
      part('Questions from runs', data.questions, (q) => add(el('div', 'row'), pill('blocked'),
        add(el('span', 'main'), el('span', null, q.question), el('span', 'note', 'run ' + q.run + ' · ' + (q.agent || '')),
          el('code', null, q.command))));
      part('Handoffs and relays', data.batons, (b) => add(el('div', 'row'), pill(b.kind),
        add(el('span', 'main'), el('span', null, b.summary), el('span', 'note', 'from ' + b.from + ' · task #' + b.task)),
        el('span', 'age', ago(b.age_s))));
      part('Unread messages' + (data.message_count > (data.messages || []).length ? ' (' + data.message_count + ')' : ''),
        data.messages, (m) => add(el('div', 'row'), pill(m.urgency),
          add(el('span', 'main'), el('span', null, m.text), el('span', 'note', 'from ' + m.from + ' · task #' + m.task)),
          el('span', 'age', ago(m.age_s))));
      part('Blockers', data.blockers, (b) => add(el('div', 'row'), pill('blocked'),
        add(el('span', 'main'), el('span', null, b.text), el('span', 'note', 'task #' + b.task)),
        el('span', 'age', ago(b.age_s))));
      if (body.childElementCount === 0) empty(body, 'Nothing waits for ' + (data.agent || 'you') + '.');
    },

    async runs(body) {
      const data = await get('/api/runs');
      if (data.runs.length === 0) return empty(body, 'No runs.');
      const table = add(el('table'), add(el('tr'), el('th', null, 'run'), el('th', null, 'status'),
        el('th', null, 'agent'), el('th', null, 'what'), el('th', null, 'time'), el('th', null, 'tokens')));
      data.runs.forEach((run) => {
        const what = add(el('td'), el('span', null, run.what || ''));
        if (run.question) add(what, el('span', 'note', 'asks: ' + run.question));
        if (run.error) add(what, el('span', 'note error', run.error));
        else if (run.result) add(what, el('span', 'note', '→ ' + run.result));
        if (run.shell) {
          const open = el('button', 'link', 'output');
          open.type = 'button';
          open.addEventListener('click', () => showOutput(run.id, null));
          add(what, open);
        }
        add(table, add(el('tr'), add(el('td'), el('code', null, run.id), el('span', 'note', run.kind)),
          add(el('td'), pill(run.status)), el('td', 'agent', run.agent || '-'), what,
          el('td', 'age', duration(run.duration_s)), el('td', 'age', run.tokens ? run.tokens : '-')));
      });
      body.replaceChildren(table);
      if (output.run) showOutput(output.run, output.offset);
    },

    async feed(body) {
      const data = await get('/api/feed');
      if (data.tasks.length === 0) return empty(body, 'No tasks.');
      body.replaceChildren();
      data.tasks.forEach((t) => body.appendChild(add(el('div', 'row'), pill(t.status),
        add(el('span', 'main'), el('span', null, t.text), el('span', 'note', '#' + t.task
          + (t.total > 0 ? ' · ' + t.done + '/' + t.total + ' done' : '') + (t.topics.length ? ' · ' + t.topics.join(', ') : ''))),
        el('span', 'age', ago(t.age_s)))));
    }
  };

  // A shell run's output, one page at a time: its tail first, then older pages.
  const output = { run: null, offset: null, start: 0 };

  async function showOutput(run, offset) {
    try {
      const data = await get('/api/output?run=' + encodeURIComponent(run) + (offset === null ? '' : '&offset=' + offset));
      output.run = run;
      output.offset = offset;
      output.start = data.offset;
      $('output-title').textContent = 'Output of ' + run + ' (' + data.offset + '–' + data.next_offset + ' of ' + data.size + ' bytes)';
      $('output-text').textContent = data.text;
      $('output-older').disabled = data.offset === 0;
      $('output').classList.remove('hidden');
    } catch (e) {
      $('output-title').textContent = 'Output of ' + run + ': ' + e.message;
      $('output').classList.remove('hidden');
    }
  }

  async function search(event) {
    if (event) event.preventDefault();
    const q = $('search-q').value.trim();
    const body = $('search-body');
    if (!q) return empty(body, 'Search to see memories.');
    const params = new URLSearchParams({ q });
    if ($('search-type').value) params.set('type', $('search-type').value);
    if ($('search-topic').value.trim()) params.set('topic', $('search-topic').value.trim());
    try {
      const data = await get('/api/search?' + params.toString());
      if (data.hits.length === 0) return empty(body, 'No memory matches.');
      body.replaceChildren();
      data.hits.forEach((hit) => {
        const open = el('button', 'link', 'open');
        open.type = 'button';
        open.addEventListener('click', () => hydrate(hit.id));
        body.appendChild(add(el('div', 'row'), pill(hit.type), add(el('span', 'main'), el('span', null, hit.snippet)),
          open));
      });
    } catch (e) {
      body.replaceChildren(el('p', 'error', 'Could not search: ' + e.message));
    }
  }

  async function hydrate(id) {
    const body = $('memory-body');
    try {
      const m = await get('/api/memory?id=' + encodeURIComponent(id));
      body.replaceChildren(add(el('div', 'row'), pill(m.type), el('span', 'main', '#' + m.id
        + (m.task ? ' · task #' + m.task : '') + (m.topics.length ? ' · ' + m.topics.join(', ') : '')),
        el('span', 'age', ago(m.age_s))), el('div', 'memory-content', m.content));
    } catch (e) {
      body.replaceChildren(el('p', 'error', 'Could not open: ' + e.message));
    }
  }

  function loadAll() {
    Object.keys(RENDER).forEach(load);
  }

  function listen() {
    const live = $('live');
    const events = new EventSource('/events');
    // Every (re)connection starts from a fresh snapshot: anything missed while away is read again.
    events.addEventListener('open', () => {
      live.textContent = 'live';
      live.className = 'pill on';
      loadAll();
    });
    events.addEventListener('change', (event) => {
      const topics = JSON.parse(event.data).topics;
      const sections = new Set();
      topics.forEach((topic) => (REFETCH[topic] || []).forEach((s) => sections.add(s)));
      sections.forEach(load);
      live.textContent = 'live · updated ' + new Date().toLocaleTimeString();
    });
    events.addEventListener('error', () => {
      live.textContent = 'reconnecting…';
      live.className = 'pill off';
    });
  }

  document.addEventListener('DOMContentLoaded', () => {
    // The token is in the cookie now: keep it out of the address bar and the history.
    if (location.search.indexOf('token=') >= 0) history.replaceState(null, '', '/' + location.hash);
    TYPES.forEach((type) => {
      const option = el('option', null, type.replace(/_/g, ' '));
      option.value = type;
      $('search-type').appendChild(option);
    });
    $('search-form').addEventListener('submit', search);
    $('inbox-agent').addEventListener('change', () => load('inbox'));
    $('output-close').addEventListener('click', () => {
      output.run = null;
      $('output').classList.add('hidden');
    });
    $('output-older').addEventListener('click', () => {
      if (output.run) showOutput(output.run, Math.max(0, output.start - 16384));
    });
    loadAll();
    // '#snapshot' shows the store once and does not follow it (for printing or a screenshot): an open event
    // stream never ends, so a page that listens is never done loading.
    if (location.hash === '#snapshot') {
      $('live').textContent = 'snapshot';
    } else {
      listen();
    }
  });
})();
