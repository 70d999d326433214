/**
 * dayjs as the console uses it: Chinese month and weekday names (antd's date pickers format with
 * dayjs, so their panels read 一月/周一), and the utc plugin, which src/lib/dates.ts uses to show every
 * time in Beijing time whatever zone the operator's computer is set to. Imported once, first, by
 * main.tsx (and by the tests' setup).
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/zh-cn';

dayjs.extend(utc);
dayjs.locale('zh-cn');

export { dayjs };
