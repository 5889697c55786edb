package dev.skills.core.registry;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.folder.SkillFolder;
import dev.skills.core.lock.SkillsLock;
import org.jspecify.annotations.Nullable;

/**
 * The registry's side of pinning: whether a skill read from a folder is the one the lock
 * pins. Only folder skills are checked: skills on the classpath ship inside the
 * application, which its own build pins.
 */
final class LockCheck {

	private final SkillsLock lock;

	private final SkillsLock.Mode mode;

	LockCheck(SkillsLock lock, SkillsLock.Mode mode) {
		this.lock = lock;
		this.mode = mode;
	}

	boolean verifies() {
		return this.mode == SkillsLock.Mode.VERIFY;
	}

	// The digest of what the registry serves: the SKILL.md and the files it lists.
	static @Nullable String digest(SkillFolder folder, SkillFolder.Listing listing) {
		List<String> files = new ArrayList<>(listing.files().size() + 1);
		files.add(Path.of(folder.location()).getFileName().toString());
		files.addAll(listing.files());
		try {
			return SkillsLock.digest(Path.of(folder.baseDirectory()), files);
		}
		catch (IOException ex) {
			return null;
		}
	}

	// Null when the skill matches; else an error in verify mode, a warning in warn mode.
	// Names the skill, never a path: the skill's file pointer says where it is.
	@Nullable SkillDiagnostic verdict(SkillFolder folder, String name, @Nullable String digest) {
		String pinned = this.lock.digest(name);
		String problem;
		if (pinned == null) {
			problem = "is not in the lock";
		}
		else if (digest == null) {
			problem = "has files that cannot be read to check them against the lock";
		}
		else if (!pinned.equals(digest)) {
			problem = "differs from the lock (" + SkillsLock.display(digest) + ", pinned " + SkillsLock.display(pinned)
					+ ")";
		}
		else {
			return null;
		}
		String message = "Skill '" + name + "' " + problem;
		return verifies()
				? SkillDiagnostic.error(folder.location(), name,
						message + ": not served; a version that matched it before keeps being served")
				: SkillDiagnostic.warning(folder.location(), name, message + "; served, as the lock mode is warn");
	}

}
