/**
 * The bubblewrap sandbox: {@link dev.skills.scripts.bubblewrap.BubblewrapSandbox} runs a
 * skill's command in Linux namespaces made by {@code bwrap}, within a pids cgroup and
 * resource limits.
 */
@NullMarked
package dev.skills.scripts.bubblewrap;

import org.jspecify.annotations.NullMarked;
