// recharts' ES module paths, imported only to evaluate them ahead of the chart (recharts-stages.ts).
declare module 'recharts/es6/*';
