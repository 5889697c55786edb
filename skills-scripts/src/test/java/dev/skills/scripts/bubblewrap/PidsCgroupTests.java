package dev.skills.scripts.bubblewrap;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where this process's pids cgroup is, read from {@code /proc/self/cgroup} and
 * {@code /proc/self/mountinfo} as cgroup v1, v2 and hybrid machines write them.
 */
class PidsCgroupTests {

	private static final String V1_MOUNTS = """
			30 25 0:26 / /sys/fs/cgroup ro,nosuid - tmpfs tmpfs ro,mode=755
			38 30 0:34 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
			41 30 0:37 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
			44 30 0:40 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
			""";

	@Test
	void v1PidsHierarchyWinsOnHybridMachines() {
		PidsCgroup cgroup = PidsCgroup.locate("""
				8:pids:/user.slice/app
				4:memory:/other
				0::/user.slice/app
				""", V1_MOUNTS);

		assertThat(cgroup).isNotNull();
		assertThat(cgroup.procs()).isEqualTo(Path.of("/sys/fs/cgroup/pids/user.slice/app/cgroup.procs"));
	}

	@Test
	void v1RootCgroupIsTheMountPoint() {
		PidsCgroup cgroup = PidsCgroup.locate("8:pids:/\n0::/\n", V1_MOUNTS);

		assertThat(cgroup.procs()).isEqualTo(Path.of("/sys/fs/cgroup/pids/cgroup.procs"));
	}

	@Test
	void v2UnifiedHierarchyIsUsedAlone() {
		PidsCgroup cgroup = PidsCgroup.locate("0::/system.slice/app.service\n",
				"28 22 0:25 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n");

		assertThat(cgroup.procs()).isEqualTo(Path.of("/sys/fs/cgroup/system.slice/app.service/cgroup.procs"));
	}

	@Test
	void mountOfASubtreeIsMappedBelowItsRoot() {
		PidsCgroup cgroup = PidsCgroup.locate("0::/docker/abc/app\n",
				"28 22 0:25 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");

		assertThat(cgroup.procs()).isEqualTo(Path.of("/sys/fs/cgroup/app/cgroup.procs"));
	}

	@Test
	void escapedMountPointIsUnescaped() {
		PidsCgroup cgroup = PidsCgroup.locate("0::/app\n",
				"28 22 0:25 / /mnt/cgroup\\040two rw - cgroup2 cgroup2 rw\n");

		assertThat(cgroup.procs()).isEqualTo(Path.of("/mnt/cgroup two/app/cgroup.procs"));
	}

	@Test
	void noPidsHierarchyIsNone() {
		assertThat(PidsCgroup.locate("4:memory:/app\n",
				"38 30 0:34 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n"))
			.isNull();
	}

	@Test
	void cgroupOutsideTheMountIsNone() {
		assertThat(
				PidsCgroup.locate("0::/elsewhere\n", "28 22 0:25 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n"))
			.isNull();
	}

}
