/*
 * Logging for the daemon: to standard error, which systemd's journal
 * collects; each message starts with its subsystem and object.
 */
#ifndef LOG_H
#define LOG_H

void	log_init(const char *, int);
void	log_warn(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_warnx(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_info(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_debug(const char *, ...) __attribute__((format(printf, 1, 2)));
__attribute__((noreturn, format(printf, 1, 2)))
void	fatal(const char *, ...);
__attribute__((noreturn, format(printf, 1, 2)))
void	fatalx(const char *, ...);

#endif
