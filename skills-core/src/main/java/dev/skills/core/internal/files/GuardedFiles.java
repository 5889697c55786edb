package dev.skills.core.internal.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import dev.skills.core.source.SkillSource;
import org.jspecify.annotations.Nullable;

/**
 * Opens files inside a skill folder so that nothing outside it is ever opened, even while
 * its files are being swapped. A path is first resolved to its real path, which must lie
 * inside the folder, hold no hidden segment and be a regular file. It is then opened one
 * folder at a time from the skill folder, never following a link (where the platform
 * offers a {@link SecureDirectoryStream}), and the opened entry must still be the file
 * that was checked. Opens run as {@link FileReads} reads, so that a FIFO swapped in after
 * the check cannot hold the caller.
 */
final class GuardedFiles {

	private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

	// Opening a FIFO for reading and writing never blocks, and releases a reader waiting
	// for a writer.
	private static final Set<OpenOption> RELEASE = Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE,
			LinkOption.NOFOLLOW_LINKS);

	private GuardedFiles() {
	}

	/**
	 * Read the first bytes of a {@link Target.Kind#FILE} target. Run it as a
	 * {@link FileReads} read, with {@link #release(Target)}: the open may meet a FIFO
	 * swapped in.
	 * @param target the file
	 * @param limit the most bytes to read
	 * @return the bytes read
	 * @throws IOException when it cannot be opened or read, or changed since it was
	 * checked
	 */
	static byte[] readHead(Target target, int limit) throws IOException {
		try (SeekableByteChannel channel = open(target)) {
			// The size was checked: no buffer larger than the file plus one byte (to see
			// it grew).
			ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(limit, target.size() + 1));
			while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
				// read until full or at the end
			}
			byte[] head = new byte[buffer.position()];
			buffer.flip().get(head);
			return head;
		}
	}

	/**
	 * Open a {@link Target.Kind#FILE} target as a stream, as a {@link FileReads} read.
	 * @param target the file
	 * @return the stream; the caller closes it
	 * @throws IOException when it cannot be opened or changed since it was checked
	 */
	static InputStream openStream(Target target) throws IOException {
		return Channels.newInputStream(open(target));
	}

	/**
	 * What releases an open of a target that met a FIFO: opening its other end.
	 * @param target the file
	 * @return the release, for {@link FileReads.Read}
	 */
	static FileReads.Action<SeekableByteChannel> release(Target target) {
		return release(target.realBase().resolve(target.inside()));
	}

	/**
	 * What releases an open of a file that met a FIFO: opening its other end, which never
	 * blocks.
	 * @param file the file
	 * @return the release, for {@link FileReads.Read}
	 */
	static FileReads.Action<SeekableByteChannel> release(Path file) {
		return () -> Files.newByteChannel(file, RELEASE);
	}

	/**
	 * Open a file that lies directly in its skill folder, when it is a plain regular
	 * file: the path discovery takes for every {@code SKILL.md}, without resolving real
	 * paths. The file is opened without following a link and must still be the file
	 * checked. Run it as a {@link FileReads} read, with {@link #release(Path)}.
	 * @param file the file
	 * @param listedKey the file's key as a folder walk read it, to check against instead
	 * of reading the file's attributes again; when the file changed since, or is
	 * {@code null}, the file is checked afresh
	 * @return the open file with the fingerprint of what was opened, or {@code null} when
	 * the file is a link (then {@link Target#resolve} decides)
	 * @throws IOException when it is missing, not a regular file, or changed while being
	 * opened
	 */
	static SkillSource.@Nullable OpenSkillFile openPlain(Path file, @Nullable Object listedKey) throws IOException {
		if (listedKey != null) {
			try {
				SkillSource.OpenSkillFile opened = openChecked(file, listedKey);
				if (opened != null) {
					return opened;
				}
			}
			catch (IOException ex) {
				// Replaced by a link, or gone: the fresh check below says which.
			}
		}
		BasicFileAttributes checked = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
		if (checked.isSymbolicLink()) {
			return null;
		}
		if (!checked.isRegularFile()) {
			throw new FileSystemException(null, null, "it is not a regular file");
		}
		SkillSource.OpenSkillFile opened = openChecked(file, checked.fileKey());
		if (opened == null) {
			throw new FileSystemException(null, null, "it changed while being read");
		}
		return opened;
	}

	// Open without following a link; null when what was opened is not the regular file
	// checked.
	private static SkillSource.@Nullable OpenSkillFile openChecked(Path file, @Nullable Object key) throws IOException {
		SeekableByteChannel channel = seekable(Files.newByteChannel(file, READ));
		BasicFileAttributes now;
		try {
			now = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
		}
		catch (IOException ex) {
			channel.close();
			throw ex;
		}
		if (!now.isRegularFile() || !Objects.equals(now.fileKey(), key)) {
			channel.close();
			return null;
		}
		return new SkillSource.OpenSkillFile(Channels.newInputStream(channel), SkillSource.Fingerprint.of(now));
	}

	// A FIFO opened while a writer was there, and swapped back before the check by name,
	// would pass that check; a pipe cannot seek, so its reads never reach the caller.
	private static SeekableByteChannel seekable(SeekableByteChannel channel) throws IOException {
		try {
			channel.position();
			return channel;
		}
		catch (IOException ex) {
			channel.close();
			throw new FileSystemException(null, null, "it is not a regular file");
		}
	}

	private static SeekableByteChannel open(Target target) throws IOException {
		if (target.kind() != Target.Kind.FILE) {
			throw new FileSystemException(target.inside().toString(), null, "not a regular file");
		}
		return seekable(openChecked(target));
	}

	private static SeekableByteChannel openChecked(Target target) throws IOException {
		List<DirectoryStream<Path>> folders = new ArrayList<>();
		try {
			DirectoryStream<Path> root = Files.newDirectoryStream(target.realBase());
			folders.add(root);
			if (!(root instanceof SecureDirectoryStream<Path> folder)) {
				return openByPath(target);
			}
			checkSame(folder.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey(),
					target.baseKey());
			Path inside = target.inside();
			for (int i = 0; i < inside.getNameCount() - 1; i++) {
				folder = folder.newDirectoryStream(inside.getName(i), LinkOption.NOFOLLOW_LINKS);
				folders.add(folder);
			}
			Path name = inside.getFileName();
			checkSame(folder, name, target);
			SeekableByteChannel channel = folder.newByteChannel(name, READ);
			try {
				checkSame(folder, name, target);
			}
			catch (IOException ex) {
				channel.close();
				throw ex;
			}
			return channel;
		}
		finally {
			for (DirectoryStream<Path> folder : folders) {
				folder.close();
			}
		}
	}

	// Where no secure directory stream exists: open the real path without following a
	// last link.
	private static SeekableByteChannel openByPath(Target target) throws IOException {
		Path real = target.realBase().resolve(target.inside());
		SeekableByteChannel channel = Files.newByteChannel(real, READ);
		BasicFileAttributes now = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
		if (!now.isRegularFile() || !Objects.equals(now.fileKey(), target.attributes().fileKey())) {
			channel.close();
			throw changed(target);
		}
		return channel;
	}

	private static void checkSame(SecureDirectoryStream<Path> folder, Path name, Target target) throws IOException {
		BasicFileAttributes now = folder
			.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
			.readAttributes();
		if (!now.isRegularFile()) {
			throw changed(target);
		}
		checkSame(now.fileKey(), target.attributes().fileKey());
	}

	private static void checkSame(@Nullable Object key, @Nullable Object expected) throws IOException {
		if (!Objects.equals(key, expected)) {
			throw new FileSystemException(null, null, "it changed while being read");
		}
	}

	private static FileSystemException changed(Target target) {
		return new FileSystemException(target.inside().toString(), null, "it changed while being read");
	}

}
