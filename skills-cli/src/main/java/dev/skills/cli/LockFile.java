package dev.skills.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;

/**
 * A lock file: every skill the locations serve, its SHA-256 digest and the location it
 * came from, one line per skill sorted by name, so that a diff reads skill by skill:
 * {@code <name> sha256:<hex> <location>}. Lines starting with {@code #} are comments. The
 * digest covers the skill's files ({@code SKILL.md} and every bundled file the registry
 * lists), each as its relative path, its size and its bytes, in path order.
 */
final class LockFile {

	static final String HEADER = "# skills.lock: <name> sha256:<digest of its files> <location>, sorted by name.\n"
			+ "# Written by `skills lock`; checked by `skills verify --lock FILE LOCATION...`.\n";

	private LockFile() {
	}

	/**
	 * The lines of the skills the locations serve.
	 * @param locations folders of skills, in precedence order
	 * @return by name
	 */
	static Map<String, Line> of(List<String> locations) {
		Map<String, Line> lines = new TreeMap<>();
		try (SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().skillsDir(locations).build())) {
			registry.discover(locations);
			SkillsSnapshot snapshot = registry.snapshot();
			for (SkillMeta meta : snapshot.skills()) {
				Path folder = Path.of(meta.baseDirectory());
				List<String> files = new ArrayList<>();
				files.add(Path.of(meta.location()).getFileName().toString());
				files.addAll(snapshot.files(meta.name()));
				lines.put(meta.name(), new Line(meta.name(), digest(folder, files), sourceOf(folder, locations)));
			}
		}
		return lines;
	}

	static String write(Map<String, Line> lines) {
		StringBuilder text = new StringBuilder(HEADER);
		lines.values()
			.forEach((line) -> text.append(line.name())
				.append(" sha256:")
				.append(line.digest())
				.append(' ')
				.append(line.source())
				.append('\n'));
		return text.toString();
	}

	/**
	 * Read a lock file.
	 * @param text its text
	 * @return its lines by name
	 * @throws IllegalArgumentException naming the first line that is not a lock line
	 */
	static Map<String, Line> read(String text) {
		Map<String, Line> lines = new TreeMap<>();
		String[] all = text.split("\n", -1);
		for (int i = 0; i < all.length; i++) {
			String line = all[i].strip();
			if (line.isEmpty() || line.startsWith("#")) {
				continue;
			}
			String[] parts = line.split(" ", 3);
			if (parts.length != 3 || !parts[1].startsWith("sha256:") || lines.containsKey(parts[0])) {
				throw new IllegalArgumentException(
						"line " + (i + 1) + " is not '<name> sha256:<digest> <location>' (or names a skill twice)");
			}
			lines.put(parts[0], new Line(parts[0], parts[1].substring("sha256:".length()), parts[2]));
		}
		return lines;
	}

	private static String sourceOf(Path folder, List<String> locations) {
		for (String location : locations) {
			if (folder.toAbsolutePath().normalize().startsWith(Path.of(location).toAbsolutePath().normalize())) {
				return location;
			}
		}
		return folder.toString();
	}

	// Files are read without following links: the registry lists only what it serves.
	private static String digest(Path folder, List<String> files) {
		try {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			byte[] buffer = new byte[8192];
			for (String file : files.stream().sorted().toList()) {
				Path path = folder.resolve(file);
				long size = Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) ? Files.size(path) : -1;
				digest.update((file + "\n" + size + "\n").getBytes(StandardCharsets.UTF_8));
				if (size >= 0) {
					try (InputStream in = new DigestInputStream(Files.newInputStream(path, LinkOption.NOFOLLOW_LINKS),
							digest)) {
						while (in.read(buffer) >= 0) {
							// DigestInputStream hashes what is read.
						}
					}
				}
			}
			return HexFormat.of().formatHex(digest.digest());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the files of " + folder, ex);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * One skill in a lock file.
	 *
	 * @param name the skill's name
	 * @param digest the SHA-256 of its files, in hex
	 * @param source the location it came from, as given
	 */
	record Line(String name, String digest, String source) {
	}

}
