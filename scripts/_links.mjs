import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox','--disable-gpu'] });
const p = await b.newPage();
await p.goto(process.argv[2]);
await p.waitForTimeout(3000);
console.log(await p.evaluate(() => { const l = [...document.querySelectorAll('link[rel=modulepreload]')]; return l.length + ' modulepreload links; ' + document.querySelectorAll('link[rel=stylesheet]').length + ' stylesheets; scripts loaded ' + performance.getEntriesByType('resource').filter(r => r.name.endsWith('.js')).length; }));
await b.close();
