package dev.skills.core.lock;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

/**
 * A lock file: every pinned skill, the SHA-256 digest of its files and the location it
 * came from, one line per skill sorted by name, so that a diff reads skill by skill:
 * {@code <name> sha256:<hex> <location>}. Lines starting with {@code #} are comments. The
 * digest covers the skill's files ({@code SKILL.md} and every bundled file the registry
 * lists), each as its relative path, its size and its bytes, in path order.
 */
public final class SkillsLock {

	/** The comment a written lock file starts with. */
	public static final String HEADER = "# skills.lock: <name> sha256:<digest of its files> <location>, sorted by name.\n"
			+ "# Written by `skills lock`; checked by `skills verify --lock FILE LOCATION...`.\n";

	private static final String PREFIX = "sha256:";

	private final Map<String, Entry> entries;

	private SkillsLock(Map<String, Entry> entries) {
		this.entries = Collections.unmodifiableMap(entries);
	}

	/**
	 * A lock of these skills.
	 * @param entries one per skill
	 * @return the lock
	 * @throws IllegalArgumentException when a name comes twice
	 */
	public static SkillsLock of(Collection<Entry> entries) {
		Map<String, Entry> byName = new TreeMap<>();
		for (Entry entry : entries) {
			if (byName.putIfAbsent(entry.name(), entry) != null) {
				throw new IllegalArgumentException("skill '" + entry.name() + "' is named twice");
			}
		}
		return new SkillsLock(byName);
	}

	/**
	 * Read a lock file's text.
	 * @param text its text
	 * @return the lock
	 * @throws IllegalArgumentException naming the first line that is not a lock line
	 */
	public static SkillsLock parse(String text) {
		Map<String, Entry> byName = new TreeMap<>();
		String[] lines = text.split("\n", -1);
		for (int i = 0; i < lines.length; i++) {
			String line = lines[i].strip();
			if (line.isEmpty() || line.startsWith("#")) {
				continue;
			}
			String[] parts = line.split(" ", 3);
			if (parts.length != 3 || !parts[1].startsWith(PREFIX) || byName.containsKey(parts[0])) {
				throw new IllegalArgumentException(
						"line " + (i + 1) + " is not '<name> sha256:<digest> <location>' (or names a skill twice)");
			}
			byName.put(parts[0], new Entry(parts[0], parts[1].substring(PREFIX.length()), parts[2]));
		}
		return new SkillsLock(byName);
	}

	/**
	 * Read a lock file.
	 * @param file the file
	 * @return the lock
	 * @throws IOException when it cannot be read
	 * @throws IllegalArgumentException naming the first line that is not a lock line
	 */
	public static SkillsLock read(Path file) throws IOException {
		return parse(Files.readString(file, StandardCharsets.UTF_8));
	}

	/**
	 * Every pinned skill.
	 * @return by name, sorted
	 */
	public Map<String, Entry> entries() {
		return this.entries;
	}

	/**
	 * The digest a skill is pinned to.
	 * @param name the skill's name
	 * @return its digest in hex, or {@code null} when the lock does not name it
	 */
	public @Nullable String digest(String name) {
		Entry entry = this.entries.get(name);
		return (entry != null) ? entry.digest() : null;
	}

	/**
	 * The lock file's text: the header, then one line per skill.
	 * @return the text
	 */
	public String write() {
		StringBuilder text = new StringBuilder(HEADER);
		this.entries.values()
			.forEach((entry) -> text.append(entry.name())
				.append(' ')
				.append(display(entry.digest()))
				.append(' ')
				.append(entry.source())
				.append('\n'));
		return text.toString();
	}

	/**
	 * A digest as a lock file and the actuator show it.
	 * @param digest the digest in hex
	 * @return {@code sha256:<hex>}
	 */
	public static String display(String digest) {
		return PREFIX + digest;
	}

	/**
	 * The digest of a skill's files: each file's relative path, size and bytes, in path
	 * order. Files are read without following links (a link is hashed as its path and
	 * size -1), the way the registry serves only what it lists.
	 * @param folder the skill folder
	 * @param files the relative paths of its {@code SKILL.md} and bundled files
	 * @return the SHA-256 in hex
	 * @throws IOException when a file cannot be read
	 */
	public static String digest(Path folder, List<String> files) throws IOException {
		MessageDigest digest = sha256();
		for (String file : files.stream().sorted().toList()) {
			Path path = folder.resolve(file);
			long size = Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) ? Files.size(path) : -1;
			digest.update((file + "\n" + size + "\n").getBytes(StandardCharsets.UTF_8));
			if (size >= 0) {
				// Skill files are mostly small: a buffer of their size, not a fixed 8 KB.
				byte[] buffer = new byte[(int) Math.max(1, Math.min(size, 8192))];
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

	private static MessageDigest sha256() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * What the registry does with a skill that differs from the lock or that the lock
	 * does not name.
	 */
	public enum Mode {

		/**
		 * Not served; a skill that matched before keeps serving its last matching
		 * content.
		 */
		VERIFY,

		/** Served, with a warning. */
		WARN

	}

	/**
	 * One skill in a lock file.
	 *
	 * @param name the skill's name
	 * @param digest the SHA-256 of its files, in hex
	 * @param source the location it came from, as given
	 */
	public record Entry(String name, String digest, String source) {
	}

}
